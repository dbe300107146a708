import 'server-only';
import { Redis } from 'ioredis';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';

type Role = 'publisher' | 'subscriber';

// On globalThis: Next may evaluate this module more than once per process, and there must
// still be one publisher and one subscriber connection per process.
const holder = globalThis as typeof globalThis & {
  __daasRedis?: Partial<Record<Role, Redis>>;
};

const ERROR_LOG_INTERVAL_MS = 30_000;

function create(url: string, role: Role): Redis {
  const client = new Redis(url, {
    // A subscriber waits for Redis forever; a publish gives up quickly instead of holding a
    // request while Redis is away.
    maxRetriesPerRequest: role === 'subscriber' ? null : 1,
    connectionName: `daas-${role}`,
  });
  // ioredis reconnects on its own and emits an error per failed attempt: log, never throw,
  // and not once per attempt.
  let lastLogged = 0;
  client.on('error', (err: Error) => {
    if (Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = Date.now();
    logger.warn({ role, err: err.message }, 'redis connection error');
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

/** Prefix of every key and channel, so deployments (or test runs) sharing a Redis stay apart. */
export function redisPrefix(): string {
  return config().REDIS_PREFIX;
}

export async function closeRedis(): Promise<void> {
  const clients = holder.__daasRedis;
  holder.__daasRedis = undefined;
  await Promise.all(Object.values(clients ?? {}).map((c) => c.quit().catch(() => c.disconnect())));
}
