import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

// A 1×1 PNG: shown inline, so it gets the API's own policy.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
// A loaded machine takes a minute or more to start the embedded database and Next.
const SLOW_START = 180_000;
const READER = { email: 'reader@example.com', password: 'reader-password-1' };

function expectBrowserHeaders(res: Response): void {
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function upload(url: string, token: string, name: string, blob: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', blob, name);
  const res = await fetch(`${url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The same API checks for each way of serving /api. */
function apiAnswers(label: string, apiViaNext: boolean) {
  describe(`API answers ${label}`, () => {
    let server: StartedServer;
    let admin: string;

    beforeAll(async () => {
      server = await startServer({ apiViaNext, env: { TRUST_PROXY: '1' }, timeoutMs: SLOW_START });
      admin = await signIn(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      const created = await fetch(`${server.url}/api/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(READER),
      });
      expect(created.status).toBe(201);
    }, SLOW_START + 60_000);

    afterAll(async () => {
      await server?.stop();
    });

    it('carry the restrictive policy and the browser headers on a success', async () => {
      const res = await fetch(`${server.url}/api/server/ping`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expectBrowserHeaders(res);
    });

    it('carry them on an unknown path and on an anonymous caller refused', async () => {
      const missing = await fetch(`${server.url}/api/no/such/route`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-security-policy')).toBe(API_CSP);
      expectBrowserHeaders(missing);
      const anonymous = await fetch(`${server.url}/api/roles`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-security-policy')).toBe(API_CSP);
      expectBrowserHeaders(anonymous);
    });

    it('carry them for a non-admin caller refused a collection', async () => {
      const reader = await signIn(server.url, READER.email, READER.password);
      const res = await fetch(`${server.url}/api/roles`, {
        headers: { authorization: `Bearer ${reader}` },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expectBrowserHeaders(res);
    });

    it('add HSTS only when the trusted proxy says the request came over HTTPS', async () => {
      const res = await fetch(`${server.url}/api/server/ping`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await fetch(`${server.url}/api/server/ping`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });

    it('serve an image inline under the API policy', async () => {
      const id = await upload(server.url, admin, 'dot.png', new Blob([PNG], { type: 'image/png' }));
      const res = await fetch(`${server.url}/api/assets/${id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^inline/);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expectBrowserHeaders(res);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it("keep an active file's own sandboxing policy", async () => {
      const id = await upload(
        server.url,
        admin,
        'x.svg',
        new Blob([SVG], { type: 'image/svg+xml' }),
      );
      const res = await fetch(`${server.url}/api/assets/${id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expectBrowserHeaders(res);
    });
  });
}

apiAnswers('from the direct dispatcher', false);
apiAnswers('through Next', true);

describe('studio pages', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startServer({ timeoutMs: SLOW_START });
  }, SLOW_START + 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('carry a strict policy whose fresh nonce is on every script', async () => {
    const res = await fetch(`${server.url}/en/login`);
    expect(res.status).toBe(200);
    expectBrowserHeaders(res);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const again = await fetch(`${server.url}/en/login`);
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('allow evaluated code on the API explorer only', async () => {
    const res = await fetch(`${server.url}/en/api-explorer`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic' 'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expectBrowserHeaders(res);
  });

  it('carry the headers on the redirect to the locale and on a signed-in page', async () => {
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBeGreaterThanOrEqual(300);
    expect(root.status).toBeLessThan(400);
    expect(root.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expectBrowserHeaders(root);
    const content = await fetch(`${server.url}/en/content`);
    expect(content.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expectBrowserHeaders(content);
  });
});

describe('framing allowed from named origins', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startServer({
      env: { CSP_FRAME_ANCESTORS: 'https://portal.example.com' },
      timeoutMs: SLOW_START,
    });
  }, SLOW_START + 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('names them in frame-ancestors and drops X-Frame-Options, on the API and the studio', async () => {
    for (const path of ['/api/server/ping', '/en/login']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-security-policy')).toContain(
        'frame-ancestors https://portal.example.com',
      );
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });
});
