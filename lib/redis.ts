import 'server-only';
import { Redis } from 'ioredis';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';

type Role = 'publisher' | 'subscriber' | 'limiter';

// On globalThis: Next may evaluate this module more than once per process, and there must
// still be one publisher and one subscriber connection per process.
const holder = globalThis as typeof globalThis & {
  __daasRedis?: Partial<Record<Role, Redis>>;
};

/** A rate-limit count that Redis has not answered in this long is counted locally instead. */
const LIMITER_COMMAND_TIMEOUT_MS = 500;

const OUTAGE_NOTE: Record<Role, string> = {
  publisher: 'cache notices to other instances are lost until it is back',
  subscriber: 'caches are bypassed or reloaded until it is back',
  limiter: 'sign-in limits are counted in this process until it is back',
};

function options(role: Role) {
  const connectionName = `daas-${role}`;
  // A subscriber waits for Redis forever.
  if (role === 'subscriber') return { connectionName, maxRetriesPerRequest: null };
  // A publish gives up quickly instead of holding a request while Redis is away.
  if (role === 'publisher') return { connectionName, maxRetriesPerRequest: 1 };
  // Rate-limit counts must never wait for a reconnect (sign-in took up to 30 s that way):
  // with no offline queue a command fails at once while Redis is away, and the limiter's
  // process-local insurance counts instead.
  return {
    connectionName,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: LIMITER_COMMAND_TIMEOUT_MS,
  };
}

function create(url: string, role: Role): Redis {
  const client = new Redis(url, options(role));
  // ioredis reconnects on its own and emits an error per failed attempt: log, never throw,
  // and once per outage rather than once per attempt.
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn({ role, err: err.message }, `redis unreachable; ${OUTAGE_NOTE[role]}`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ role }, 'redis reachable again');
  });
  return client;
}

function client(role: Role): Redis | null {
  const url = config().REDIS_URL;
  if (!url) return null;
  const clients = (holder.__daasRedis ??= {});
  return (clients[role] ??= create(url, role));
}

/** The process's publishing connection; null when REDIS_URL is unset. */
export function redisPublisher(): Redis | null {
  return client('publisher');
}

/** The process's subscribing connection (a subscribed connection can issue no other commands). */
export function redisSubscriber(): Redis | null {
  return client('subscriber');
}

/** The longest the first rate-limit count waits for the limiter's first connection. */
const FIRST_CONNECT_WAIT_MS = 1_000;

/**
 * The connection the sign-in rate limits count on: it never queues a command while Redis is
 * away, so the caller falls back to its local counter at once.
 */
export function redisLimiter(): Redis | null {
  return client('limiter');
}

/**
 * Resolves once `redis` is ready, unless it was ready before (an outage: the caller must
 * not wait for a reconnect) or has not connected within FIRST_CONNECT_WAIT_MS. Only a
 * process's very first counts wait, so they are shared like every later one.
 */
export function firstConnection(redis: Redis): Promise<void> {
  const held = redis as Redis & { daasWasReady?: boolean };
  if (redis.status === 'ready' || held.daasWasReady) {
    held.daasWasReady = true;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', ready);
      redis.off('error', done);
      resolve();
    };
    const ready = () => {
      held.daasWasReady = true;
      done();
    };
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
    redis.once('ready', ready);
    redis.once('error', done);
  });
}

/** Prefix of every key and channel, so deployments (or test runs) sharing a Redis stay apart. */
export function redisPrefix(): string {
  return config().REDIS_PREFIX;
}

export async function closeRedis(): Promise<void> {
  const clients = holder.__daasRedis;
  holder.__daasRedis = undefined;
  await Promise.all(Object.values(clients ?? {}).map((c) => c.quit().catch(() => c.disconnect())));
}
