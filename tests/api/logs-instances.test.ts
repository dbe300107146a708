import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy, grant } from '../helpers/access';
import { setupTestApp, type TestApp } from '../helpers/app';
import { startInstance, type Instance } from '../helpers/instance';
import { within } from '../helpers/redis-pair';
import { createUser } from '../helpers/users';

/**
 * Conventions, Running: with `REDIS_URL`, "rate limits, caches, log streams and
 * schema-change notices are shared by every instance through Redis". The other instance is
 * a process of its own on the same Redis (on this test's PostgreSQL database, or on an
 * in-memory one of its own with the embedded database: logs need no shared rows). Entries
 * logged there are listed and streamed here.
 */
const redisUrl = process.env.TEST_REDIS_URL;
// A key prefix of this run's own, so parallel runs on one Redis don't share logs.
const prefix = `daas-test-${crypto.randomBytes(6).toString('hex')}:`;
if (redisUrl) Object.assign(process.env, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });

type Entry = { level: number; msg?: string; email?: string; event?: string };

describe.runIf(redisUrl)('the log of every instance through Redis', () => {
  const app: TestApp = setupTestApp();
  let other: Instance;
  let admin: string;
  let holder: string;
  let plain: string;

  async function tokenUser(module_access: Record<string, boolean>) {
    const token = crypto.randomBytes(24).toString('base64url');
    const user = await createUser({ token });
    await grant({ user: user.id, policy: await createPolicy({ app_access: true, module_access }) });
    return token;
  }

  /** A refused sign-in on the other instance: a warning line naming the (masked) address. */
  async function failThere(): Promise<string> {
    const domain = `m-${crypto.randomBytes(5).toString('hex')}.example.com`;
    const res = await fetch(`${other.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `x@${domain}`, password: 'wrong' }),
    });
    expect(res.status).toBe(401);
    return domain;
  }

  const listed = async (token: string, query = '') => {
    const res = await app.request(`/api/logs${query}`, { token });
    expect(res.status).toBe(200);
    return res.body.data as Entry[];
  };
  const mentions = (domain: string) => (e: Entry) => e.email?.endsWith(`@${domain}`) ?? false;

  beforeAll(async () => {
    other = await startInstance({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
    admin = await app.adminToken();
    holder = await tokenUser({ 'system:logs': true });
    plain = await tokenUser({});
  });

  afterAll(async () => {
    await other?.stop();
    await (await import('@/lib/redis')).closeRedis();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('lists an entry logged on the other instance to an administrator', async () => {
    const domain = await failThere();
    await within(5_000, async () => (await listed(admin)).some(mentions(domain)));
    const entry = (await listed(admin, '?level=warn')).find(mentions(domain));
    expect(entry).toMatchObject({ level: 40, event: 'auth.login.failed', msg: 'sign-in failed' });
  });

  it('lists entries of both instances, oldest first, within ?limit', async () => {
    const first = await failThere();
    const { logger } = await import('@/lib/core/logger');
    const here = `here-${crypto.randomBytes(4).toString('hex')}`;
    logger.warn({ email: `x@${here}` }, 'logged here');
    const last = await failThere();
    await within(5_000, async () => (await listed(admin)).some(mentions(last)));
    const all = await listed(admin);
    const order = [first, here, last].map((d) => all.findIndex(mentions(d)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect((await listed(admin, '?limit=1')).length).toBe(1);
  });

  it('lists them to a system:logs holder, refuses others and anonymous callers', async () => {
    const domain = await failThere();
    await within(5_000, async () => (await listed(holder)).some(mentions(domain)));
    expect((await app.request('/api/logs', { token: plain })).status).toBe(403);
    expect((await app.request('/api/logs')).status).toBe(401);
  });

  it('streams an entry logged on the other instance as it happens', async () => {
    const { dispatch } = await import('@/lib/http/dispatch');
    const controller = new AbortController();
    const response = await dispatch(
      new Request('http://localhost/api/logs/stream?level=warn', {
        headers: { authorization: `Bearer ${holder}` },
        signal: controller.signal,
      }),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(': connected');
    // The subscription reaches Redis asynchronously: keep logging there until one arrives.
    let domain = '';
    const arrived = (async () => {
      while (!domain || !text.includes(domain)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    })();
    await within(10_000, async () => {
      domain = await failThere();
      await Promise.race([arrived, new Promise((r) => setTimeout(r, 300))]);
      return text.includes(domain);
    });
    const event = text.split('\n\n').find((chunk) => chunk.includes(domain))!;
    expect(JSON.parse(event.slice('data: '.length))).toMatchObject({
      level: 40,
      email: `x***@${domain}`,
    });
    controller.abort();
  });

  it('clears the shared log for every instance when an administrator clears it', async () => {
    const domain = await failThere();
    await within(5_000, async () => (await listed(admin)).some(mentions(domain)));
    const refused = await app.request('/api/logs', { method: 'DELETE', token: holder });
    expect(refused.status).toBe(403);
    const cleared = await app.request('/api/logs', { method: 'DELETE', token: admin });
    expect(cleared.status).toBe(204);
    expect((await listed(admin)).some(mentions(domain))).toBe(false);
  });
});
