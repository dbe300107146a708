import 'server-only';
import crypto from 'node:crypto';
import { logger } from '@/lib/logs/logger';
import { redisPrefix, redisPublisher, redisSubscriber } from '@/lib/redis';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

interface NotifyState {
  /** Tells this process's own notices from its siblings'. */
  instance: string;
  listeners: Set<() => void>;
  subscribed: boolean;
}

const holder = globalThis as typeof globalThis & { __daasSchemaNotify?: NotifyState };
const state = (holder.__daasSchemaNotify ??= {
  instance: crypto.randomUUID(),
  listeners: new Set(),
  subscribed: false,
});

function channel(): string {
  return `${redisPrefix()}schema-changed`;
}

function notifyListeners(): void {
  for (const listener of state.listeners) listener();
}

/**
 * Tells every other instance that the schema changed (no-op without REDIS_URL). Fire and
 * forget: the change is committed already, and a Redis outage must not fail the request.
 */
export function publishSchemaChange(): void {
  tellSiblings('schema');
  const publisher = redisPublisher();
  if (!publisher) return;
  const notice = JSON.stringify({ from: state.instance, at: Date.now() });
  publisher.publish(channel(), notice).catch((err: unknown) => {
    logger.warn({ err: err instanceof Error ? err.message : err }, 'schema notice not published');
  });
}

/**
 * Calls `listener` whenever another instance reports a schema change. Also calls it once the
 * subscription is in place and after every reconnection: notices sent while this process was
 * not listening are lost, so whatever was cached before then may be stale.
 */
export function onSchemaChange(listener: () => void): void {
  onSiblingNotice('schema', listener);
  state.listeners.add(listener);
  if (state.subscribed) return;
  const subscriber = redisSubscriber();
  if (!subscriber) return;
  state.subscribed = true;
  const name = channel();
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== name) return;
    let sender: unknown;
    try {
      sender = (JSON.parse(raw) as { from?: unknown }).from;
    } catch {
      sender = undefined;
    }
    if (sender === state.instance) return;
    notifyListeners();
  });
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) notifyListeners();
    connectedOnce = true;
  });
  subscriber.subscribe(name).then(notifyListeners, (err: unknown) => {
    logger.warn({ err: err instanceof Error ? err.message : err }, 'schema notices not subscribed');
  });
}
