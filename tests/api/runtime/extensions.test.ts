import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { close, listen } from '../../helpers/node-http';
import { addPermissions } from '../../helpers/permissions';
import { exec, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

process.env.EXTENSION_TIMEOUT_MS = '300';
process.env.EXTENSION_MEMORY_MB = '32';
process.env.EXTENSION_ALLOWED_DOMAINS = '127.0.0.1';
process.env.EXTENSION_ENV_ALLOWLIST = 'EXT_TEST_VISIBLE';
process.env.EXT_TEST_VISIBLE = 'shown';
process.env.EXT_TEST_HIDDEN = 'kept';
const app = setupTestApp();

let admin: TokenUser;
let table: string;
let target: http.Server;
let targetUrl: string;
const name = (p: string) => `${p}-${crypto.randomBytes(4).toString('hex')}`;

async function extension(body: Record<string, unknown>) {
  const res = await app.request('/api/extensions', { method: 'POST', token: admin.token, body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

async function endpoint(source: string) {
  return extension({ name: name('ep'), type: 'endpoint', source });
}

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  table = uid('ext_notes');
  await exec(`create table ${table} (id serial primary key, title text, owner text)`);
  await exec(`insert into ${table} (title, owner) values ('a', 'me'), ('b', 'other'), ('c', 'me')`);
  (await import('@/lib/schema/overview')).invalidateSchema();
  target = http.createServer((req, res) => {
    if (req.url === '/ok') return void res.end('target reached');
    if (req.url === '/slow') return void setTimeout(() => res.end('slow'), 500);
    const port = (target.address() as { port: number }).port;
    res.writeHead(302, { location: `http://localhost:${port}/ok` }).end();
  });
  targetUrl = await listen(target);
});

afterAll(async () => {
  await close(target);
});

describe('runtime extensions', () => {
  it('answers at /api/ext/<name> with the request and the caller', async () => {
    const ext = await endpoint(`export default async (request, context) => ({
      status: 201,
      headers: { 'x-ext': 'yes' },
      body: { method: request.method, path: request.path, query: request.query,
              body: request.body, user: context.accountability && context.accountability.user },
    });`);
    const res = await app.request(`/api/ext/${ext.name}/a/b?x=1`, {
      method: 'POST',
      token: admin.token,
      body: { hello: 'world' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-ext')).toBe('yes');
    expect(res.body).toEqual({
      method: 'POST',
      path: '/a/b',
      query: { x: '1' },
      body: { hello: 'world' },
      user: admin.id,
    });
  });

  it('lets a hook extension transform a payload', async () => {
    const hook = await extension({
      name: name('hook'),
      type: 'hook',
      source: `export default (emitter) => {
        emitter.onFilter('${table}.items.create', (payload) => ({ ...payload, title: String(payload.title).toUpperCase() }));
      };`,
    });
    const res = await app.request(`/api/items/${table}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'shout', owner: 'x' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.title).toBe('SHOUT');
    await app.request(`/api/extensions/${hook.id}`, { method: 'DELETE', token: admin.token });
    const after = await app.request(`/api/items/${table}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'quiet', owner: 'x' },
    });
    expect(after.body.data.title).toBe('quiet');
  });

  it('rejects a write with the message a filter hook throws', async () => {
    const hook = await extension({
      name: name('hook'),
      type: 'hook',
      source: `export default (emitter) => {
        emitter.onFilter('${table}.items.create', (payload) => {
          if (payload.title === 'forbidden') throw new Error('Title not allowed');
          return payload;
        });
      };`,
    });
    const res = await app.request(`/api/items/${table}`, {
      method: 'POST',
      token: admin.token,
      body: { title: 'forbidden', owner: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Title not allowed');
    await app.request(`/api/extensions/${hook.id}`, { method: 'DELETE', token: admin.token });
  });

  it.each([
    ['loops forever', 'export default async () => { while (true) {} };'],
    ['loops forever after an await', 'export default async () => { await null; for (;;) {} };'],
    [
      'allocates without bound',
      'export default async () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); };',
    ],
    ['throws', 'export default async () => { throw new Error("secret detail"); };'],
  ])('fails only the call of an extension that %s, and serves the next', async (_, source) => {
    const bad = await endpoint(source);
    const res = await app.request(`/api/ext/${bad.name}`, { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('secret detail');
    const good = await endpoint(
      'export default async () => ({ status: 200, body: { fine: true } });',
    );
    const next = await app.request(`/api/ext/${good.name}`, { token: admin.token });
    expect(next.status).toBe(200);
    expect(next.body).toEqual({ fine: true });
    const stored = await app.request(`/api/extensions/${bad.id}`, { token: admin.token });
    expect(stored.body.data.last_error).toBeTruthy();
  });

  it('keeps require, process, the file system and Node globals out of reach', async () => {
    const ext = await endpoint(`export default async () => ({ status: 200, body: {
      require: typeof require, process: typeof process, module: typeof module,
      buffer: typeof Buffer, globalFetch: typeof fetch, importMeta: typeof globalThis.__host,
    } });`);
    const res = await app.request(`/api/ext/${ext.name}`, { token: admin.token });
    expect(res.body).toEqual({
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      buffer: 'undefined',
      globalFetch: 'undefined',
      importMeta: 'undefined',
    });
    const fs = await endpoint(`import fs from 'node:fs';
      export default async () => ({ status: 200, body: fs.readFileSync('/etc/passwd', 'utf8') });`);
    const read = await app.request(`/api/ext/${fs.name}`, { token: admin.token });
    expect(read.status).toBe(500);
    expect(read.text).not.toContain('root:');
    const dynamic = await endpoint(`export default async () => {
      const fs = await import('node:fs');
      return { status: 200, body: fs.readFileSync('/etc/passwd', 'utf8') };
    };`);
    const viaImport = await app.request(`/api/ext/${dynamic.name}`, { token: admin.token });
    expect(viaImport.status).toBe(500);
    expect(viaImport.text).not.toContain('root:');
  });

  it('fetches only allow-listed hosts, redirects and userinfo tricks included', async () => {
    const port = new URL(targetUrl).port;
    const ext = await endpoint(`export default async (request, { services }) => {
      const out = {};
      for (const [key, url] of Object.entries(request.body)) {
        try { out[key] = await (await services.fetch(url)).text(); }
        catch (e) { out[key] = 'refused'; }
      }
      return { status: 200, body: out };
    };`);
    const res = await app.request(`/api/ext/${ext.name}`, {
      method: 'POST',
      token: admin.token,
      body: {
        allowed: `http://127.0.0.1:${port}/ok`,
        other: `http://localhost:${port}/ok`,
        redirect: `http://127.0.0.1:${port}/redirect`,
        userinfo: `http://127.0.0.1:${port}@localhost:${port}/ok`,
        credentials: `http://localhost@127.0.0.1:${port}/ok`,
      },
    });
    expect(res.body).toEqual({
      allowed: 'target reached',
      other: 'refused',
      redirect: 'refused',
      userinfo: 'refused',
      credentials: 'refused',
    });
  });

  it('shows only allow-listed environment variables', async () => {
    const ext = await endpoint(
      'export default async (r, context) => ({ status: 200, body: context.env });',
    );
    const res = await app.request(`/api/ext/${ext.name}`, { token: admin.token });
    expect(res.body).toEqual({ EXT_TEST_VISIBLE: 'shown' });
  });

  it('answers services.items().readByQuery exactly as REST answers the same caller', async () => {
    const user = await createTokenUser();
    await addPermissions(user.policy, [
      {
        collection: table,
        action: 'read',
        fields: ['id', 'title'],
        permissions: { owner: { _eq: 'me' } },
      },
    ]);
    const ext = await endpoint(`export default async (r, { services }) => ({
      status: 200,
      body: await services.items('${table}').readByQuery({ sort: ['id'], limit: 10 }),
    });`);
    const viaExt = await app.request(`/api/ext/${ext.name}`, { token: user.token });
    const viaRest = await app.request(`/api/items/${table}?sort=id&limit=10`, {
      token: user.token,
    });
    expect(viaRest.status).toBe(200);
    expect(viaExt.body).toEqual(viaRest.body);
    expect(viaExt.body.data.map((r: { title: string }) => r.title)).toEqual(['a', 'c']);
    const anonymous = await app.request(`/api/ext/${ext.name}`);
    expect(anonymous.status).toBe(500);
  });

  it('stops answering when deactivated and answers again when activated', async () => {
    const ext = await endpoint('export default async () => ({ status: 200, body: "on" });');
    const off = await app.request(`/api/extensions/${ext.id}/deactivate`, {
      method: 'POST',
      token: admin.token,
    });
    expect(off.body.data.enabled).toBe(false);
    expect((await app.request(`/api/ext/${ext.name}`)).status).toBe(404);
    await app.request(`/api/extensions/${ext.id}/activate`, { method: 'POST', token: admin.token });
    const on = await app.request(`/api/ext/${ext.name}`);
    expect(on.status).toBe(200);
    expect(on.text).toBe('on');
  });

  it('gives context.services.custom(name) the functions of that service’s extension', async () => {
    const svc = await extension({
      name: name('svc'),
      type: 'service',
      source: `export default (context) => ({
        greet: async (who) => context.config.greeting + ', ' + who,
        secretLength: async () => context.config.secrets.key.length,
      });`,
    });
    const serviceName = name('greeter');
    const created = await app.request('/api/services', {
      method: 'POST',
      token: admin.token,
      body: {
        name: serviceName,
        extension: svc.id,
        config: { greeting: 'Hello', secrets: { key: 'abcd' } },
      },
    });
    expect(created.status).toBe(201);
    const ext = await endpoint(`export default async (r, { services }) => {
      const s = services.custom('${serviceName}');
      return { status: 200, body: { greeting: await s.greet('you'), length: await s.secretLength() } };
    };`);
    const res = await app.request(`/api/ext/${ext.name}`, { token: admin.token });
    expect(res.body).toEqual({ greeting: 'Hello, you', length: 4 });
    const missing = await endpoint(`export default async (r, { services }) =>
      ({ status: 200, body: await services.custom('no-such-service').greet('x') });`);
    expect((await app.request(`/api/ext/${missing.name}`)).status).toBe(500);
  });

  it('answers 503 beyond EXTENSION_MAX_ISOLATES concurrent calls', async () => {
    const port = new URL(targetUrl).port;
    const ext = await endpoint(`export default async (r, { services }) =>
      ({ status: 200, body: await (await services.fetch('http://127.0.0.1:${port}/slow')).text() });`);
    process.env.EXTENSION_MAX_ISOLATES = '2';
    try {
      const statuses = await Promise.all(
        [1, 2, 3, 4].map(async () => (await app.request(`/api/ext/${ext.name}`)).status),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s === 503)).toHaveLength(2);
    } finally {
      delete process.env.EXTENSION_MAX_ISOLATES;
    }
    expect((await app.request(`/api/ext/${ext.name}`)).status).toBe(200);
  });

  it('refuses source that does not compile with 400', async () => {
    const res = await app.request('/api/extensions', {
      method: 'POST',
      token: admin.token,
      body: { name: name('bad'), type: 'endpoint', source: 'export default async () => {' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(
      /^"source" does not compile: Unexpected end of input/,
    );
  });

  it('records when a call failed, and forgets the error once the source changes', async () => {
    const before = Date.now();
    const ext = await endpoint('export default async () => { throw new Error("broken"); };');
    expect((await app.request(`/api/ext/${ext.name}`, { token: admin.token })).status).toBe(500);
    const failed = await app.request(`/api/extensions/${ext.id}`, { token: admin.token });
    expect(failed.body.data.last_error).toContain('broken');
    expect(new Date(failed.body.data.last_error_at).getTime()).toBeGreaterThanOrEqual(
      before - 1000,
    );
    const fixed = await app.request(`/api/extensions/${ext.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { source: 'export default async () => ({ status: 204 });' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.last_error).toBeNull();
    expect(fixed.body.data.last_error_at).toBeNull();
  });

  it('answers 403 to a caller who is not an administrator', async () => {
    const user = await createTokenUser();
    expect((await app.request('/api/extensions', { token: user.token })).status).toBe(403);
  });

  it('runs a cron operation as its run_as user, and as the public caller without one', async () => {
    const source = `export default async (payload, { services }) =>
      (await services.items('${table}').createOne({ title: payload.title, owner: 'cron' })).title;`;
    const asPublic = await extension({ name: name('op'), type: 'operation', source });
    const asAdmin = await extension({
      name: name('op'),
      type: 'operation',
      source,
      run_as: admin.id,
    });
    const job = async (operation: string) =>
      (
        await app.request('/api/cron', {
          method: 'POST',
          token: admin.token,
          body: { name: name('job'), schedule: '0 0 1 1 *', operation, payload: { title: 'tick' } },
        })
      ).body.data.id;
    const refused = await app.request(`/api/cron/${await job(asPublic.id)}/trigger`, {
      method: 'POST',
      token: admin.token,
    });
    expect(refused.body.data.status).toBe('error');
    const ran = await app.request(`/api/cron/${await job(asAdmin.id)}/trigger`, {
      method: 'POST',
      token: admin.token,
    });
    expect(ran.body.data).toMatchObject({ status: 'success', result: 'tick' });
  });
});
