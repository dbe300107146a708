import 'server-only';
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { logger } from '@/lib/core/logger';
import { redisPrefix, redisPublisher, redisSubscriber } from '@/lib/redis';

/**
 * Notices between the processes of one deployment, so caches that a change in one process
 * makes stale (schema, sessions, settings, permissions, scopes, tokens) are cleared in the
 * others at once instead of after their TTL:
 * - between the workers of one `npm start` (node:cluster), through the primary, always;
 * - between instances, through Redis, when REDIS_URL is set.
 * A process never hears its own notices.
 */
const TAG = 'daas:sibling';

interface Envelope {
  tag: typeof TAG;
  topic: string;
  data?: string;
}

/** `data` is undefined when the notice was lost (Redis reconnected): clear everything. */
type Listener = (data?: string) => void;

interface BusState {
  listeners: Map<string, Set<Listener>>;
  attached: boolean;
  subscribed: boolean;
  /** Tells this process's own Redis notices from other processes'. */
  instance: string;
}

// On globalThis: Next may evaluate this module more than once per process.
const holder = globalThis as typeof globalThis & { __daasSiblings?: BusState };
const state = (holder.__daasSiblings ??= {
  listeners: new Map(),
  attached: false,
  subscribed: false,
  instance: crypto.randomUUID(),
});

function isEnvelope(message: unknown): message is Envelope {
  return typeof message === 'object' && message !== null && (message as Envelope).tag === TAG;
}

function deliver(topic: string, data?: string): void {
  for (const listener of state.listeners.get(topic) ?? []) listener(data);
}

function deliverAll(): void {
  for (const topic of state.listeners.keys()) deliver(topic);
}

function attach(): void {
  if (state.attached || !cluster.isWorker) return;
  state.attached = true;
  process.on('message', (message: unknown) => {
    if (isEnvelope(message)) deliver(message.topic, message.data);
  });
}

function channel(): string {
  return `${redisPrefix()}notices`;
}

function warn(what: string) {
  return (err: unknown) =>
    logger.warn({ err: err instanceof Error ? err.message : err }, `cache notices ${what}`);
}

/** Tells the other workers and instances (not this process) about `topic`. */
export function tellSiblings(topic: string, data?: string): void {
  if (cluster.isWorker && process.send) {
    const envelope: Envelope = { tag: TAG, topic, data };
    process.send(envelope);
  }
  // Fire and forget: the change is committed already, and a Redis outage must not fail it.
  const notice = JSON.stringify({ from: state.instance, topic, data });
  redisPublisher()?.publish(channel(), notice).catch(warn('not published'));
}

export function onSiblingNotice(topic: string, listener: Listener): void {
  const set = state.listeners.get(topic) ?? new Set();
  set.add(listener);
  state.listeners.set(topic, set);
  attach();
}

/**
 * Starts hearing other instances through Redis (no-op without REDIS_URL, and after the first
 * call). Every listener is also called once the subscription is in place and after each
 * reconnection: notices sent while this process was not listening are lost, so whatever was
 * cached before then may be stale. Called on the first request rather than at import, so
 * loading a module never opens a connection.
 */
export function listenForNotices(): void {
  if (state.subscribed) return;
  const subscriber = redisSubscriber();
  if (!subscriber) return;
  state.subscribed = true;
  const name = channel();
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== name) return;
    let notice: { from?: unknown; topic?: unknown; data?: unknown };
    try {
      notice = JSON.parse(raw) as typeof notice;
    } catch {
      return;
    }
    if (notice.from === state.instance || typeof notice.topic !== 'string') return;
    deliver(notice.topic, typeof notice.data === 'string' ? notice.data : undefined);
  });
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) deliverAll();
    connectedOnce = true;
  });
  subscriber.subscribe(name).then(deliverAll, warn('not subscribed'));
}

/** In the primary: passes each worker's notices on to every other worker. */
export function relaySiblingNotices(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isEnvelope(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
}
