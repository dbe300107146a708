import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { pngBytes } from './fixtures';

const app = setupTestApp();
let admin: string;
let png: Buffer;
const servers: http.Server[] = [];

/** A file server on a loopback address of the test's own; `routes` maps paths to answers. */
async function serve(host: string, handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

let origin: string;

beforeAll(async () => {
  admin = await app.adminToken();
  png = await pngBytes(30, 20);
  origin = await serve('127.0.0.1', (req, res) => {
    if (req.url === '/pic.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(5000, 7));
    } else if (req.url === '/trickle') {
      // One byte every 100 ms, never ending by itself.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
    } else if (req.url === '/cut') {
      // Promises 1,000 bytes, sends 10, then drops the connection.
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 1000 });
      res.write(Buffer.alloc(10, 1), () => setTimeout(() => res.destroy(), 50));
    } else if (req.url === '/hop') {
      res.writeHead(302, { location: '/pic.png' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
});

afterEach(() => {
  delete process.env.STORAGE_IMPORT_ALLOWED_NETWORKS;
  delete process.env.STORAGE_IMPORT_TIMEOUT_MS;
  delete process.env.FILES_MAX_UPLOAD_SIZE;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

async function importUrl(url: string, token = admin, data?: Record<string, unknown>) {
  return app.request('/api/files/import', { method: 'POST', token, body: { url, data } });
}

async function fileCount(): Promise<number> {
  const { getDb } = await import('@/lib/db/client');
  return (await getDb().selectFrom('daas_files').select('id').execute()).length;
}

describe.each(STORAGE_DRIVERS)('POST /api/files/import on %s storage', (driver) => {
  const stored = storeFilesWith(driver);

  it('refuses loopback and private addresses by default, in every notation, storing nothing', async () => {
    const before = await fileCount();
    const port = new URL(origin).port;
    for (const url of [
      `${origin}/pic.png`,
      `http://localhost:${port}/pic.png`,
      `http://2130706433:${port}/pic.png`,
      `http://0x7f.0.0.1:${port}/pic.png`,
      `http://[::ffff:127.0.0.1]:${port}/pic.png`,
      `http://[::1]:${port}/pic.png`,
      'http://10.0.0.1/pic.png',
      'http://169.254.169.254/latest/meta-data',
      'ftp://example.com/file',
      'file:///etc/passwd',
    ]) {
      const res = await importUrl(url);
      expect(res.status, url).toBe(400);
    }
    expect(await fileCount()).toBe(before);
  });

  it('imports from an address inside STORAGE_IMPORT_ALLOWED_NETWORKS, following redirects', async () => {
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.0/8';
    const res = await importUrl(`${origin}/hop`, admin, { title: 'Imported' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Imported',
      type: 'image/png',
      width: 30,
      height: 20,
      filename_download: 'pic.png',
      storage: driver,
    });
    expect(await stored.ofFile(res.body.data.id)).toEqual(png);
  });

  it('refuses a redirect to an address outside the allowed networks', async () => {
    const bouncer = await serve('127.0.0.2', (_req, res) => {
      res.writeHead(302, { location: `${origin}/pic.png` });
      res.end();
    });
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.2/32';
    const res = await importUrl(`${bouncer}/go`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('not allowed');
  });

  it('answers 413 past the size limit and 400 for an error answer', async () => {
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.0/8';
    process.env.FILES_MAX_UPLOAD_SIZE = '1000';
    const keys = stored.keys();
    expect((await importUrl(`${origin}/big`)).status).toBe(413);
    expect(stored.keys()).toEqual(keys);
    delete process.env.FILES_MAX_UPLOAD_SIZE;
    expect((await importUrl(`${origin}/missing`)).status).toBe(400);
  });

  it('stores nothing and answers 504 when the file does not arrive within the time limit', async () => {
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.0/8';
    process.env.STORAGE_IMPORT_TIMEOUT_MS = '1000';
    const [files, keys] = [await fileCount(), stored.keys()];
    const res = await importUrl(`${origin}/trickle`);
    expect(res.status).toBe(504);
    expect(res.body.errors[0].extensions.code).toBe('GATEWAY_TIMEOUT');
    expect(res.body.errors[0].message).toContain('within 1 s');
    expect(await fileCount()).toBe(files);
    expect(stored.keys()).toEqual(keys);
  });

  it('stores nothing and answers 502 when the source closes before the end of the file', async () => {
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.0/8';
    const [files, keys] = [await fileCount(), stored.keys()];
    const res = await importUrl(`${origin}/cut`);
    expect(res.status).toBe(502);
    expect(res.body.errors[0].extensions.code).toBe('BAD_GATEWAY');
    expect(await fileCount()).toBe(files);
    expect(stored.keys()).toEqual(keys);
  });

  it('fetches nothing for a caller without create permission on files', async () => {
    process.env.STORAGE_IMPORT_ALLOWED_NETWORKS = '127.0.0.0/8';
    let hits = 0;
    const counter = await serve('127.0.0.1', (_req, res) => {
      hits++;
      res.end('x');
    });
    const user = await createPermittedUser([{ collection: 'daas_files', action: 'read' }]);
    const token = await app.login(user.email, user.password);
    expect((await importUrl(`${counter}/x`, token)).status).toBe(403);
    expect(hits).toBe(0);
  });
});
