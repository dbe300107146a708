import crypto from 'node:crypto';

/**
 * For tests of two instances sharing a PostgreSQL database and a Redis: whether they can run
 * here, and this run's own key prefix (so parallel runs on one Redis don't hear each other).
 * When they can, this process is pointed at that Redis; call at the top of the test file,
 * before the app is loaded.
 */
export function shareTestRedis(): { enabled: boolean; redisUrl: string; prefix: string } {
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const enabled = Boolean(redisUrl && process.env.DATABASE_URL);
  const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
  if (enabled) {
    process.env.REDIS_URL = redisUrl;
    process.env.REDIS_PREFIX = prefix;
  }
  return { enabled, redisUrl, prefix };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds, for at most `ms`; returns how long that took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await sleep(25);
  }
  return Date.now() - start;
}
