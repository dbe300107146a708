import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

// Several workers need a database server: PGlite is single-process.
describe.runIf(process.env.DATABASE_URL)('a server with several workers', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startServer({
      env: { WEB_CONCURRENCY: '2', AUTH_RATE_LIMIT_POINTS: '10', REDIS_URL: undefined },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function me(token: string): Promise<number> {
    // A fresh connection per request, so the requests spread over the workers.
    const res = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${token}`, connection: 'close' },
    });
    await res.arrayBuffer();
    return res.status;
  }

  it('refuses a signed-out token in every worker at once', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { data } = await login.json();
    // Every worker has now seen (and cached) the live session.
    const before = await Promise.all(Array.from({ length: 16 }, () => me(data.access_token)));
    expect(before.every((s) => s === 200)).toBe(true);

    const logout = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: data.refresh_token }),
    });
    expect(logout.status).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    const after = await Promise.all(Array.from({ length: 16 }, () => me(data.access_token)));
    expect(after).toEqual(Array(16).fill(401));
  });

  it('counts wrong passwords across the workers: the 11th answers 429', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    async function wrongLogin(): Promise<number> {
      // A fresh connection each time: the primary hands them to the workers in turn.
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      });
      await res.arrayBuffer();
      return res.status;
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await wrongLogin());
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
