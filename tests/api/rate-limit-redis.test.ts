import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../helpers/app';
import { startInstance, type Instance } from '../helpers/instance';

const redisUrl = process.env.TEST_REDIS_URL;
// A key prefix of this run's own, so parallel runs on one Redis don't share counts.
const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
const POINTS = 3;
const env = {
  AUTH_RATE_LIMIT_POINTS: String(POINTS),
  AUTH_RATE_LIMIT_IP_POINTS: '50',
  AUTH_RATE_LIMIT_DURATION: '60',
};
if (redisUrl) {
  Object.assign(process.env, env, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
}

const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

describe.runIf(redisUrl)('sign-in limits shared by every instance through Redis', () => {
  // The other instance is a process of its own (its own in-memory limiters, were they used)
  // on this test's database, or on an in-memory one of its own with the embedded database:
  // failures count per email and address whether or not the account exists there.
  const app: TestApp = setupTestApp();
  let other: Instance;

  const here = (email: string, from: string) =>
    app.request('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'wrong' },
      headers: { 'x-forwarded-for': from },
    });
  const there = (email: string, from: string) =>
    fetch(`${other.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email, password: 'wrong' }),
    });

  beforeAll(async () => {
    other = await startInstance({ ...env, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts an account’s failures on either instance towards one limit', async () => {
    const email = `ghost-${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect((await here(email, ip())).status).toBe(401);
    expect((await there(email, ip())).status).toBe(401);
    expect((await here(email, ip())).status).toBe(401);

    const refusedThere = await there(email, ip());
    expect(refusedThere.status).toBe(429);
    expect(await refusedThere.json()).toEqual({
      error: 'Too many requests',
      code: 'REQUESTS_EXCEEDED',
    });
    expect(Number(refusedThere.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusedHere = await here(email, ip());
    expect(refusedHere.status).toBe(429);
    expect(Number(refusedHere.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps the counts in Redis under the configured prefix', async () => {
    const email = `ghost-${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect((await there(email, ip())).status).toBe(401);
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}rl:login:account:*`);
      expect(keys).toContain(`${prefix}rl:login:account:${email}`);
    } finally {
      await redis.quit();
    }
  });
});
