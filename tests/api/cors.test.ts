import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createTokenUser, type TokenUser } from '../helpers/token-users';

const app = setupTestApp();
const ALLOWED = 'https://allowed.example';
const REFUSED = 'https://refused.example';
let admin: TokenUser;

async function setCors(settings: Record<string, unknown>): Promise<void> {
  const res = await app.request('/api/settings', {
    method: 'PATCH',
    token: admin.token,
    body: settings,
  });
  expect(res.status).toBe(200);
}

const preflightFrom = (origin: string, path = '/api/settings') =>
  app.request(path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'content-type, authorization',
    },
  });

function corsHeaderNames(headers: Headers): string[] {
  return [...headers.keys()].filter((k) => k.startsWith('access-control-'));
}

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  await setCors({
    cors_enabled: true,
    cors_origins: [ALLOWED],
    cors_methods: ['GET', 'POST', 'PATCH'],
    cors_allowed_headers: ['Content-Type', 'Authorization'],
    cors_expose_headers: ['X-Request-Id'],
    cors_allow_credentials: false,
    cors_max_age: 1200,
  });
});

describe('CORS preflight', () => {
  it('answers 204 with the allowed origin, methods, headers and max age', async () => {
    const res = await preflightFrom(ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization');
    expect(res.headers.get('access-control-max-age')).toBe('1200');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives a refused origin no access-control headers', async () => {
    const res = await preflightFrom(REFUSED);
    expect(res.status).toBe(204);
    expect(corsHeaderNames(res.headers)).toEqual([]);
  });

  it('does not match an origin that only starts like an allowed one', async () => {
    const res = await preflightFrom(`${ALLOWED}.evil.example`);
    expect(corsHeaderNames(res.headers)).toEqual([]);
  });
});

describe('CORS on ordinary requests', () => {
  it('adds the allowed origin and exposed headers to a GET from an allowed origin', async () => {
    const res = await app.request('/api/server/ping', { headers: { origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Request-Id');
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('adds CORS headers to error answers too, so the browser can read them', async () => {
    const res = await app.request('/api/settings', { headers: { origin: ALLOWED } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('adds nothing for a refused origin or a request without Origin', async () => {
    const refused = await app.request('/api/server/ping', { headers: { origin: REFUSED } });
    expect(refused.status).toBe(200);
    expect(corsHeaderNames(refused.headers)).toEqual([]);
    const sameOrigin = await app.request('/api/server/ping');
    expect(corsHeaderNames(sameOrigin.headers)).toEqual([]);
  });
});

describe('CORS settings changes', () => {
  it('applies a new origin list to the very next request', async () => {
    await setCors({ cors_origins: ['https://other.example'] });
    const old = await app.request('/api/server/ping', { headers: { origin: ALLOWED } });
    expect(old.headers.get('access-control-allow-origin')).toBeNull();
    const added = await app.request('/api/server/ping', {
      headers: { origin: 'https://other.example' },
    });
    expect(added.headers.get('access-control-allow-origin')).toBe('https://other.example');
    await setCors({ cors_origins: [ALLOWED] });
  });

  it('blocks every origin when the list is empty', async () => {
    await setCors({ cors_origins: [] });
    const pre = await preflightFrom(ALLOWED);
    expect(corsHeaderNames(pre.headers)).toEqual([]);
    const get = await app.request('/api/server/ping', { headers: { origin: ALLOWED } });
    expect(corsHeaderNames(get.headers)).toEqual([]);
    await setCors({ cors_origins: [ALLOWED] });
  });

  it('sends no CORS headers at all while CORS is disabled', async () => {
    await setCors({ cors_enabled: false });
    const pre = await preflightFrom(ALLOWED);
    expect(pre.status).toBe(204);
    expect(corsHeaderNames(pre.headers)).toEqual([]);
    await setCors({ cors_enabled: true });
    const back = await preflightFrom(ALLOWED);
    expect(back.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('announces credentials only when allowed', async () => {
    await setCors({ cors_allow_credentials: true });
    const res = await app.request('/api/server/ping', { headers: { origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    await setCors({ cors_allow_credentials: false });
  });
});
