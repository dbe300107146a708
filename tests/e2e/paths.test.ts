import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type StartedServer } from '../helpers/server';

// The same route handlers served two ways: called directly by the Node server, and as Next
// route handlers. A client must not be able to tell them apart.
let direct: StartedServer;
let viaNext: StartedServer;

beforeAll(async () => {
  [direct, viaNext] = await Promise.all([startServer(), startServer({ apiViaNext: true })]);
});

afterAll(async () => {
  await Promise.all([direct?.stop(), viaNext?.stop()]);
});

interface Probe {
  name: string;
  path: string;
  init?: RequestInit;
}

const json = { 'content-type': 'application/json' };
const probes: Probe[] = [
  { name: 'liveness probe', path: '/api/server/ping' },
  { name: 'unknown API path', path: '/api/no/such/thing?q=1' },
  {
    name: 'wrong credentials',
    path: '/api/auth/login',
    init: {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: ADMIN_EMAIL, password: 'not-the-password' }),
    },
  },
  { name: 'settings without credentials', path: '/api/settings' },
  {
    name: 'malformed JSON',
    path: '/api/auth/login',
    init: { method: 'POST', headers: json, body: '{"email": ' },
  },
  {
    name: 'unknown body field',
    path: '/api/auth/login',
    init: { method: 'POST', headers: json, body: JSON.stringify({ email: 'a@b.c', nope: 1 }) },
  },
  {
    name: 'garbage bearer token',
    path: '/api/users/me',
    init: { headers: { authorization: 'Bearer x.y.z' } },
  },
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

async function observe(server: StartedServer, probe: Probe) {
  const res = await fetch(server.url + probe.path, probe.init);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    hasRequestId: /^[0-9a-f-]{36}$/.test(res.headers.get('x-request-id') ?? ''),
    body: (await res.text()).replace(UUID, '<id>'),
  };
}

describe('the direct API path and the Next path', () => {
  it.each(probes)('answer $name identically', async (probe) => {
    const [a, b] = [await observe(direct, probe), await observe(viaNext, probe)];
    expect(a).toEqual(b);
    expect(a.status).toBeGreaterThanOrEqual(200);
  });

  it('answer with the statuses the specification gives', async () => {
    const statuses = [];
    for (const probe of probes) statuses.push((await observe(direct, probe)).status);
    expect(statuses).toEqual([200, 404, 401, 401, 400, 400, 401]);
  });
});
