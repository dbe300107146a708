import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

// Several workers need a database server: PGlite is single-process.
describe.runIf(process.env.DATABASE_URL)('a server with several workers', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: '2' } });
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
});
