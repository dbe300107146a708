import 'server-only';
import cluster from 'node:cluster';

/**
 * Notices between the worker processes of one `npm start` (node:cluster), through the
 * primary. Caches that a change in one worker makes stale (schema, sessions, settings,
 * permissions) are cleared in the others at once, with or without Redis.
 */
const TAG = 'daas:sibling';

interface Envelope {
  tag: typeof TAG;
  topic: string;
  data?: string;
}

type Listener = (data?: string) => void;

const holder = globalThis as typeof globalThis & {
  __daasSiblings?: { listeners: Map<string, Set<Listener>>; attached: boolean };
};
const state = (holder.__daasSiblings ??= { listeners: new Map(), attached: false });

function isEnvelope(message: unknown): message is Envelope {
  return typeof message === 'object' && message !== null && (message as Envelope).tag === TAG;
}

function attach(): void {
  if (state.attached || !cluster.isWorker) return;
  state.attached = true;
  process.on('message', (message: unknown) => {
    if (!isEnvelope(message)) return;
    for (const listener of state.listeners.get(message.topic) ?? []) listener(message.data);
  });
}

/** Tells the other workers (not this one) about `topic`. No-op outside a cluster. */
export function tellSiblings(topic: string, data?: string): void {
  if (!cluster.isWorker || !process.send) return;
  const envelope: Envelope = { tag: TAG, topic, data };
  process.send(envelope);
}

export function onSiblingNotice(topic: string, listener: Listener): void {
  const set = state.listeners.get(topic) ?? new Set();
  set.add(listener);
  state.listeners.set(topic, set);
  attach();
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
