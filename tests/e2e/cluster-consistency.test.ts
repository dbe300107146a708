import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedToTwoWorkers, type Pinned } from '../helpers/pinned';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type StartedServer } from '../helpers/server';

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return (await res.json()).data.access_token;
}

// Several workers need a database server: PGlite is single-process.
describe.runIf(process.env.DATABASE_URL)('two workers answering one client', () => {
  let server: StartedServer;
  let token: string;
  let writer: Pinned;
  let reader: Pinned;
  const collection = `ryw_${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    server = await startServer({
      env: { WEB_CONCURRENCY: '2', REDIS_URL: undefined, LOG_LEVEL: 'info' },
    });
    token = await adminToken(server.url);
    const made = await fetch(`${server.url}/api/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ collection, fields: [{ field: 'title', type: 'string' }] }),
    });
    expect(made.status).toBe(201);
    [writer, reader] = await pinnedToTwoWorkers(
      server.url,
      `/api/items/${collection}?fields=title&limit=7`,
      token,
    );
  }, 120_000);

  afterAll(async () => {
    writer?.close();
    reader?.close();
    await server?.stop();
  });

  it('shows each write on the other worker in the read sent right after its answer', async () => {
    const latest = `/api/items/${collection}?fields=title&sort=-id&limit=1`;
    for (let i = 0; i < 120; i++) {
      const title = `item-${i}`;
      const created = await writer.request(`/api/items/${collection}`, {
        method: 'POST',
        token,
        body: { title },
      });
      expect(created.status).toBe(201);
      const read = await reader.request(latest, { token });
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual([{ title }]);
    }
  }, 60_000);

  it('refuses a just-revoked read and allows a just-granted one on the other worker', async () => {
    const policy = await writer.request('/api/policies', {
      method: 'POST',
      token,
      body: { name: `p-${crypto.randomBytes(4).toString('hex')}`, app_access: false },
    });
    expect(policy.status).toBe(201);
    const userToken = crypto.randomBytes(24).toString('base64url');
    const user = await writer.request('/api/users', {
      method: 'POST',
      token,
      body: { email: `ryw-${crypto.randomBytes(4).toString('hex')}@example.com`, token: userToken },
    });
    expect(user.status).toBe(201);
    const access = await writer.request('/api/access', {
      method: 'POST',
      token,
      body: { user: user.body.data.id, policy: policy.body.data.id },
    });
    expect(access.status).toBe(201);
    const path = `/api/items/${collection}?fields=title&limit=1`;
    const anonymous = await reader.request(path);
    expect(anonymous.status).toBe(401);
    for (let i = 0; i < 40; i++) {
      const granted = await writer.request('/api/permissions', {
        method: 'POST',
        token,
        body: { policy: policy.body.data.id, collection, action: 'read', fields: ['*'] },
      });
      expect(granted.status).toBe(201);
      expect((await reader.request(path, { token: userToken })).status).toBe(200);
      const revoked = await writer.request(`/api/permissions/${granted.body.data.id}`, {
        method: 'DELETE',
        token,
      });
      expect(revoked.status).toBe(204);
      expect((await reader.request(path, { token: userToken })).status).toBe(403);
    }
  }, 60_000);

  it('replaces a worker killed with SIGKILL in its slot and keeps answering', async () => {
    const listening = () =>
      [
        ...server.output().matchAll(/"pid":(\d+)[^\n]*"slot":"([^"]+)"[^\n]*"msg":"listening"/g),
      ].map((m) => ({ pid: Number(m[1]), slot: m[2] }));
    const workers = listening();
    expect(workers.map((w) => w.slot).sort()).toEqual(['0/2', '1/2']);
    const pids = workers.map((w) => w.pid);
    process.kill(pids[0]!, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    let replaced = false;
    while (!replaced && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      replaced = [...server.output().matchAll(/"msg":"listening"/g)].length === 3;
    }
    expect(replaced).toBe(true);
    // The new worker takes the dead one's place in the realtime batches' turns.
    expect(listening()[2]!.slot).toBe(workers[0]!.slot);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${server.url}/api/server/ping`, { headers: { connection: 'close' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(answers).toEqual(Array(10).fill(200));
  }, 40_000);
});

describe.runIf(process.env.DATABASE_URL)('a server told to stop', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: '1', REDIS_URL: undefined } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('finishes the request in flight with Connection: close and takes no new ones', async () => {
    const token = await adminToken(server.url);
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    const ended = new Promise<void>((r) => socket.once('close', () => r()));
    const body = JSON.stringify({ collection: `stop_${crypto.randomBytes(4).toString('hex')}` });
    // The headers now, the body after SIGTERM: the request is in flight when it arrives.
    socket.write(
      `POST /api/collections HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 200));
    process.kill(server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body);
    socket.write('GET /api/server/ping HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    const started = Date.now();
    await ended;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(received.toLowerCase()).toContain('connection: close');
    // Only the one answer: the request sent after it on the same connection was not taken.
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  }, 30_000);
});
