import 'server-only';
import { config } from '@/lib/core/config';
import { ServiceUnavailableError } from '@/lib/core/errors';

/**
 * Hashes asked of /utils/hash run a few at a time (UTILS_HASH_CONCURRENCY), the rest wait
 * in a bounded queue (UTILS_HASH_QUEUE; 503 beyond it). Each argon2 hash holds one of the
 * few threads that sign-ins hash on too: without this a burst of utility hashes delays
 * every sign-in behind it.
 */
let running = 0;
const waiting: (() => void)[] = [];

export async function inHashQueue<T>(work: () => Promise<T>): Promise<T> {
  const { UTILS_HASH_CONCURRENCY: slots, UTILS_HASH_QUEUE: room } = config();
  if (running >= slots) {
    if (waiting.length >= room) throw new ServiceUnavailableError('Too many hashes at once');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never drops below the
    // number of hashes actually in progress.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
