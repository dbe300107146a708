import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import { redisPrefix, redisPublisher, redisSubscriber } from '@/lib/redis';

/**
 * Notices between the processes of one deployment, so caches that a change in one process
 * makes stale (schema, sessions, settings, permissions, scopes, tokens) are cleared in the
 * others at once instead of after their TTL:
 * - between the workers of one `npm start` (node:cluster), through the primary, always;
 * - between instances, through Redis, when REDIS_URL is set.
 * A process never hears its own notices. Between workers a notice is acknowledged once every
 * other worker has acted on it, and a request's answer waits (briefly) for that, so a read
 * sent right after it on another keep-alive connection cannot see the state before it.
 */
const TAG = 'daas:sibling';
/** The longest an answer waits for the other workers (one may be busy, or dying). */
const ACK_TIMEOUT_MS = 100;

interface Envelope {
  tag: typeof TAG;
  topic: string;
  data?: string;
  /** Set when the sender wants an acknowledgement. */
  id?: number;
}

/** Primary → sender: every other worker acted on notice `ack`. Worker → primary: I did. */
interface Ack {
  tag: typeof TAG;
  ack: number;
}

/** `data` is undefined when the notice was lost (Redis reconnected): clear everything. */
type Listener = (data?: string) => void;

interface ListenerOptions {
  /**
   * Called before each request while notices from other instances cannot be heard (Redis
   * unreachable), so the cache reloads from the database instead of serving what may have
   * changed meanwhile. Off for caches too costly to reload that often (hooks).
   */
  refreshWhileDeaf?: boolean;
}

interface BusState {
  listeners: Map<string, Set<Listener>>;
  /** Topics whose caches stay as they are while deaf. */
  keptWhileDeaf: Set<string>;
  attached: boolean;
  subscribed: boolean;
  /** Redis is configured and the subscription is in place now. */
  hearing: boolean;
  nextId: number;
  awaiting: Map<number, () => void>;
  /** Tells this process's own Redis notices from other processes'. */
  instance: string;
}

// On globalThis: Next may evaluate this module more than once per process.
const holder = globalThis as typeof globalThis & { __daasSiblings?: BusState };
const state = (holder.__daasSiblings ??= {
  listeners: new Map(),
  keptWhileDeaf: new Set(),
  attached: false,
  subscribed: false,
  hearing: false,
  nextId: 1,
  awaiting: new Map(),
  instance: crypto.randomUUID(),
});

/** Acknowledgements the current request waits for before it answers. */
const pendingAcks = new AsyncLocalStorage<Promise<void>[]>();

function isEnvelope(message: unknown): message is Envelope {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as Envelope).tag === TAG &&
    typeof (message as Envelope).topic === 'string'
  );
}

function isAck(message: unknown): message is Ack {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as Ack).tag === TAG &&
    typeof (message as Ack).ack === 'number'
  );
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
    if (isAck(message)) {
      state.awaiting.get(message.ack)?.();
      return;
    }
    if (!isEnvelope(message)) return;
    // Listeners act synchronously (they drop cache entries), so once they return the
    // notice has taken effect here.
    deliver(message.topic, message.data);
    if (message.id !== undefined && process.send) {
      const ack: Ack = { tag: TAG, ack: message.id };
      process.send(ack);
    }
  });
}

/** Resolves when every other worker acted on notice `id`, or after ACK_TIMEOUT_MS. */
function acknowledged(id: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      state.awaiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    timer.unref();
    state.awaiting.set(id, done);
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
    attach();
    const waiting = pendingAcks.getStore();
    const id = waiting ? state.nextId++ : undefined;
    const envelope: Envelope = { tag: TAG, topic, data, id };
    process.send(envelope);
    if (id !== undefined) waiting!.push(acknowledged(id));
  }
  // Fire and forget: the change is committed already, and a Redis outage must not fail it.
  const notice = JSON.stringify({ from: state.instance, topic, data });
  redisPublisher()?.publish(channel(), notice).catch(warn('not published'));
}

export function onSiblingNotice(
  topic: string,
  listener: Listener,
  options: ListenerOptions = {},
): void {
  const set = state.listeners.get(topic) ?? new Set();
  set.add(listener);
  state.listeners.set(topic, set);
  if (options.refreshWhileDeaf === false) state.keptWhileDeaf.add(topic);
  attach();
}

/**
 * Runs one request's work; the answer waits until the other workers acknowledged each notice
 * it sent (bounded by ACK_TIMEOUT_MS), so none of them can answer from the state before.
 */
export async function answerAfterSiblings<T>(work: () => Promise<T>): Promise<T> {
  const waiting: Promise<void>[] = [];
  const result = await pendingAcks.run(waiting, work);
  if (waiting.length) await Promise.all(waiting);
  return result;
}

/**
 * Whether notices from other instances are reaching this process: always without Redis;
 * with it, only while the subscription is in place. A cache that only notices keep fresh
 * must not be trusted while this is false.
 */
export function hearingOtherInstances(): boolean {
  return !config().REDIS_URL || state.hearing;
}

/**
 * Before a request: while other instances cannot be heard, every cache their notices keep
 * fresh is dropped, so the request reads schema, permissions and the rest from the database.
 * A timer would let a revoked permission or a dropped collection live on for its length;
 * reloading per request costs a few small queries, only for the length of the outage.
 */
export function refreshIfDeaf(): void {
  if (hearingOtherInstances()) return;
  for (const topic of state.listeners.keys()) {
    if (!state.keptWhileDeaf.has(topic)) deliver(topic);
  }
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
  // Notices sent while this process was not subscribed are lost: everything cached from
  // before may be stale, so every cache is dropped once the subscription is back.
  let connectedOnce = false;
  subscriber.on('ready', () => {
    state.hearing = true;
    if (connectedOnce) deliverAll();
    connectedOnce = true;
  });
  const deaf = () => {
    state.hearing = false;
  };
  subscriber.on('close', deaf);
  subscriber.on('end', deaf);
  subscriber.on('reconnecting', deaf);
  subscriber.subscribe(name).then(() => {
    state.hearing = subscriber.status === 'ready';
    deliverAll();
  }, warn('not subscribed'));
}

interface Relayed {
  /** The sending worker and its notice id, answered once `waiting` is empty. */
  from: number;
  id: number;
  waiting: Set<number>;
}

/**
 * In the primary: passes each worker's notices on to every other worker, and tells the
 * sender once all of them acknowledged (a worker that exits meanwhile no longer counts).
 */
export function relaySiblingNotices(): void {
  const relayed = new Map<number, Relayed>();
  let nextId = 1;
  const settle = (key: number, entry: Relayed) => {
    if (entry.waiting.size) return;
    relayed.delete(key);
    const sender = cluster.workers?.[entry.from];
    const ack: Ack = { tag: TAG, ack: entry.id };
    if (sender?.isConnected()) sender.send(ack);
  };
  cluster.on('message', (from, message: unknown) => {
    if (isAck(message)) {
      const entry = relayed.get(message.ack);
      entry?.waiting.delete(from.id);
      if (entry) settle(message.ack, entry);
      return;
    }
    if (!isEnvelope(message)) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (w) => w && w.id !== from.id && w.isConnected(),
    );
    const key = message.id === undefined ? undefined : nextId++;
    const entry: Relayed | undefined =
      key === undefined
        ? undefined
        : { from: from.id, id: message.id!, waiting: new Set(others.map((w) => w!.id)) };
    if (key !== undefined && entry) {
      relayed.set(key, entry);
      // The sender stops waiting after ACK_TIMEOUT_MS; forget the entry a little later.
      setTimeout(() => relayed.delete(key), ACK_TIMEOUT_MS * 10).unref();
    }
    for (const worker of others) worker!.send({ ...message, id: key });
    if (key !== undefined && entry) settle(key, entry);
  });
  cluster.on('exit', (worker) => {
    for (const [key, entry] of relayed) {
      entry.waiting.delete(worker.id);
      settle(key, entry);
    }
  });
}
