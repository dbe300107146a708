import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions, createPermittedUser } from '../../helpers/permissions';
import { formWith, pngBytes } from './fixtures';

const app = setupTestApp();
let admin: string;
let image: string;
let text: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const up = await app.request('/api/files', {
    method: 'POST',
    token: admin,
    form: formWith({}, { bytes: await pngBytes(400, 200), filename: 'wide.png' }),
  });
  image = up.body.data.id;
  const t = await app.request('/api/files', {
    method: 'POST',
    token: admin,
    form: formWith(
      {},
      { bytes: 'abcdefghijklmnopqrstuvwxyz', filename: 'alphabet.txt', type: 'text/plain' },
    ),
  });
  text = t.body.data.id;
});

async function bytesOf(path: string, headers: Record<string, string> = {}, token = admin) {
  const res = await app.request(path, { token, headers });
  return res;
}

describe('GET /api/assets/:id', () => {
  it('serves the bytes with type, length, validators and an inline disposition', async () => {
    const res = await bytesOf(`/api/assets/${text}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe('26');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="alphabet.txt"/);
  });

  it('answers ranges with 206 and unsatisfiable ones with 416', async () => {
    const part = await bytesOf(`/api/assets/${text}`, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('cdef');
    expect(part.headers.get('content-range')).toBe('bytes 2-5/26');
    const tail = await bytesOf(`/api/assets/${text}`, { range: 'bytes=-3' });
    expect(tail.text).toBe('xyz');
    const bad = await bytesOf(`/api/assets/${text}`, { range: 'bytes=50-60' });
    expect(bad.status).toBe(416);
  });

  it('answers 304 to a matching If-None-Match or an unchanged If-Modified-Since', async () => {
    const first = await bytesOf(`/api/assets/${text}`);
    const etag = first.headers.get('etag')!;
    expect((await bytesOf(`/api/assets/${text}`, { 'if-none-match': etag })).status).toBe(304);
    const since = first.headers.get('last-modified')!;
    expect((await bytesOf(`/api/assets/${text}`, { 'if-modified-since': since })).status).toBe(304);
  });

  it('sends an attachment for ?download', async () => {
    const res = await bytesOf(`/api/assets/${text}?download`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="alphabet.txt"/);
  });

  it('never shows HTML or SVG inline: attachment under a sandboxing CSP', async () => {
    const up = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith(
        {},
        {
          bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
          filename: 'a.svg',
        },
      ),
    });
    const res = await bytesOf(`/api/assets/${up.body.data.id}`);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('resizes, converts and caches image transforms', async () => {
    const res = await app.request(`/api/assets/${image}?width=100&format=webp&quality=60`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const raw = await app.request(
      `/api/assets/${image}?width=100&height=100&fit=contain&format=png`,
      {
        token: admin,
      },
    );
    const response = await fetchBytes(
      `/api/assets/${image}?width=100&height=100&fit=contain&format=png`,
    );
    const meta = await sharp(response).metadata();
    expect([raw.status, meta.width, meta.height, meta.format]).toEqual([200, 100, 100, 'png']);
    const small = await fetchBytes(
      `/api/assets/${image}?width=1000&withoutEnlargement=true&format=png`,
    );
    expect((await sharp(small).metadata()).width).toBe(400);
    const { uploadsRoot } = await import('@/lib/files/storage/local');
    const cached = fs.readdirSync(path.join(uploadsRoot(), 'transforms'));
    expect(cached.filter((n) => n.startsWith(`${image}-`)).length).toBe(3);
  });

  it('picks avif or webp for format=auto from Accept', async () => {
    const res = await bytesOf(`/api/assets/${image}?width=50&format=auto`, {
      accept: 'image/webp,*/*',
    });
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBe('Accept');
  });

  it('refuses bad transform values and transforms of non-images with 400', async () => {
    for (const q of [
      'width=0',
      'width=99999',
      'fit=stretch',
      'quality=101',
      'format=bmp',
      'height=abc',
    ]) {
      expect((await bytesOf(`/api/assets/${image}?${q}`)).status, q).toBe(400);
    }
    expect((await bytesOf(`/api/assets/${text}?width=10`)).status).toBe(400);
  });

  it('needs read permission on the file: 403 without, 200 through a public policy', async () => {
    const user = await createPermittedUser([{ collection: 'articles_none', action: 'read' }]);
    const token = await app.login(user.email, user.password);
    expect((await bytesOf(`/api/assets/${text}`, {}, token)).status).toBe(403);
    expect((await app.request(`/api/assets/${text}`)).status).toBe(401);
    const { getDb } = await import('@/lib/db/client');
    const { publicPolicyId } = await import('@/lib/access/policies');
    await addPermissions((await publicPolicyId(getDb(), null))!, [
      { collection: 'daas_files', action: 'read', permissions: { id: { _eq: text } } },
    ]);
    const anon = await app.request(`/api/assets/${text}`);
    expect(anon.status).toBe(200);
    expect(anon.text).toBe('abcdefghijklmnopqrstuvwxyz');
    expect((await app.request(`/api/assets/${image}`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await bytesOf('/api/assets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await bytesOf('/api/assets/not-a-uuid')).status).toBe(404);
  });
});

async function fetchBytes(path: string): Promise<Buffer> {
  const { dispatch } = await import('@/lib/http/dispatch');
  const res = await dispatch(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${admin}` } }),
  );
  return Buffer.from(await res.arrayBuffer());
}
