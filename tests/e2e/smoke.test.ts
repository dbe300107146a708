import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the production server over HTTP', () => {
  it('answers the liveness probe with pong and a request id', async () => {
    const res = await fetch(`${server.url}/api/server/ping`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('pong');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${server.url}/api/server/ping`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await fetch(`${server.url}/api/definitely/not/here?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      errors: [{ message: 'Route not found', extensions: { code: 'ROUTE_NOT_FOUND' } }],
    });
  });

  it('answers a malformed JSON body with 400, not a crash', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual(expect.any(String));
    expect((await fetch(`${server.url}/api/server/ping`)).status).toBe(200);
  });

  it('signs in, reads the user, refreshes, and refuses the old token after logout', async () => {
    const login = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const tokens = (await login.json()).data;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: expect.any(Number),
    });

    const me = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect((await me.json()).data.email).toBe(ADMIN_EMAIL);

    const refreshed = await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()).data;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);

    const logout = await post('/api/auth/logout', { refresh_token: next.refresh_token });
    expect(logout.status).toBe(204);

    const after = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(after.status).toBe(401);
  });

  it('sets the session cookie on a session-mode sign-in', async () => {
    const res = await post('/api/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      mode: 'session',
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^daas_session=/.test(c) && /httponly/i.test(c))).toBe(true);
  });

  it('refuses a wrong password with 401', async () => {
    const res = await post('/api/auth/login', { email: ADMIN_EMAIL, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('Invalid user credentials');
  });

  it('serves the studio sign-in page through Next', async () => {
    const res = await fetch(`${server.url}/en/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<html/i);
  });

  it('redirects the bare root to a locale', async () => {
    const res = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect([302, 303, 307, 308]).toContain(res.status);
    expect(res.headers.get('location')).toMatch(/\/[a-z]{2}(\/|$)/);
  });
});
