import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createPermittedUser } from '../helpers/permissions';
import { createUser } from '../helpers/users';

const app = setupTestApp();
let admin: string;
let serverHash: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const made = await app.request('/api/utils/hash/generate', {
    method: 'POST',
    token: admin,
    body: { string: 'secret' },
  });
  serverHash = made.body.data;
});

/** The server's own hash with one cost parameter rewritten: `m`, `t` or `p`. */
function withParameter(name: 'm' | 't' | 'p', value: number): string {
  return serverHash.replace(new RegExp(`([$,])${name}=\\d+`), `$1${name}=${value}`);
}

const verify = (hash: string, token = admin) =>
  app.request('/api/utils/hash/verify', {
    method: 'POST',
    token,
    body: { string: 'secret', hash },
  });

describe('POST /api/utils/hash/verify with caller-chosen cost', () => {
  it('refuses a memory cost above the server’s with a 400 naming it', async () => {
    const res = await verify(withParameter('m', 262144));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PAYLOAD');
    expect(res.body.error).toContain('memory cost (m)');
  });

  it('refuses a time cost above the server’s with a 400 naming it', async () => {
    const started = Date.now();
    const res = await verify(withParameter('t', 200));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('time cost (t)');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a parallelism above the server’s with a 400 naming it', async () => {
    const res = await verify(withParameter('p', 64));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('parallelism (p)');
  });

  it('refuses an output length above the server’s with a 400 naming it', async () => {
    const long = serverHash.replace(/\$[^$]+$/, `$${Buffer.alloc(256, 7).toString('base64')}`);
    const res = await verify(long);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('output length');
  });

  it('still verifies a hash of the server’s own cost, also for a non-admin caller', async () => {
    const user = await createPermittedUser([]);
    const token = await app.login(user.email, user.password);
    expect((await verify(serverHash, token)).body.data).toBe(true);
    expect((await verify(withParameter('t', 1), token)).body.data).toBe(false);
    const anonymous = await app.request('/api/utils/hash/verify', {
      method: 'POST',
      body: { string: 'secret', hash: serverHash },
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps a burst of utility hashes from delaying a sign-in behind them', async () => {
    const user = await createUser();
    const started = Date.now();
    let burstDone = 0;
    const burst = Promise.all(
      Array.from({ length: 12 }, () => verify(serverHash).then((r) => r.status)),
    ).then((statuses) => {
      burstDone = Date.now() - started;
      return statuses;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const signInStarted = Date.now();
    const token = await app.login(user.email, user.password);
    const signIn = Date.now() - signInStarted;
    expect(token).toBeTruthy();
    expect(await burst).toEqual(Array(12).fill(200));
    // The sign-in waits for no queued utility hash: it ends well before the burst does.
    expect(signIn).toBeLessThan(burstDone / 2);
  });
});
