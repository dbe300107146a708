import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { bitmapPngBytes, formWith, noisyPngBytes, pngBytes } from './fixtures';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

async function uploaded(bytes: Buffer | string, filename: string, type?: string) {
  const res = await app.request('/api/files', {
    method: 'POST',
    token: admin,
    form: formWith({}, { bytes, filename, type }),
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

async function bytesOf(path: string, headers: Record<string, string> = {}, token = admin) {
  return app.request(path, { token, headers });
}

describe.each(STORAGE_DRIVERS)('GET /api/assets/:id on %s storage', (driver) => {
  const stored = storeFilesWith(driver);
  let image: string;
  let text: string;

  beforeAll(async () => {
    image = await uploaded(await pngBytes(400, 200), 'wide.png');
    text = await uploaded('abcdefghijklmnopqrstuvwxyz', 'alphabet.txt', 'text/plain');
  });

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

  it('resizes, converts and caches image transforms, answering again from the cache', async () => {
    const res = await bytesOf(`/api/assets/${image}?width=100&format=webp&quality=60`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const contain = `/api/assets/${image}?width=100&height=100&fit=contain&format=png`;
    const meta = await sharp(await fetchBytes(contain)).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 100, 'png']);
    const small = await fetchBytes(
      `/api/assets/${image}?width=1000&withoutEnlargement=true&format=png`,
    );
    expect((await sharp(small).metadata()).width).toBe(400);
    const cached = () => stored.keys().filter((k) => k.startsWith(`transforms/${image}-`));
    expect(cached().length).toBe(3);
    const again = await fetchBytes(contain);
    expect(cached().length).toBe(3);
    expect(cached().some((k) => stored.bytes(k)?.equals(again))).toBe(true);
  });

  it('sizes by each of width, height and fit', async () => {
    const size = async (query: string) => {
      const m = await sharp(
        await fetchBytes(`/api/assets/${image}?${query}&format=png`),
      ).metadata();
      return [m.width, m.height];
    };
    expect(await size('width=100')).toEqual([100, 50]);
    expect(await size('height=50')).toEqual([100, 50]);
    expect(await size('width=100&height=100&fit=cover')).toEqual([100, 100]);
    expect(await size('width=100&height=100&fit=contain')).toEqual([100, 100]);
    expect(await size('width=100&height=100&fit=inside')).toEqual([100, 50]);
    expect(await size('width=100&height=100&fit=outside')).toEqual([200, 100]);
    expect(await size('width=800&withoutEnlargement=false')).toEqual([800, 400]);
  });

  it('encodes with the quality asked for', async () => {
    const photo = await uploaded(await noisyPngBytes(200, 100), 'photo.png');
    const low = await fetchBytes(`/api/assets/${photo}?format=jpg&quality=10`);
    const high = await fetchBytes(`/api/assets/${photo}?format=jpg&quality=95`);
    expect((await sharp(low).metadata()).format).toBe('jpeg');
    expect(low.length * 2).toBeLessThan(high.length);
  });

  it('refuses to transform an image past the pixel limit, caching nothing', async () => {
    const { MAX_TRANSFORM_INPUT_PIXELS } = await import('@/lib/files/transform');
    const side = Math.floor(Math.sqrt(MAX_TRANSFORM_INPUT_PIXELS)) + 1;
    // The same width in a strip under the limit transforms: the refusal is the pixel count.
    const strip = await uploaded(bitmapPngBytes(side, 2), 'strip.png');
    expect((await bytesOf(`/api/assets/${strip}?width=100`)).status).toBe(200);
    const huge = await uploaded(bitmapPngBytes(side, side), 'huge.png');
    const res = await bytesOf(`/api/assets/${huge}?width=100`);
    expect(res.status).toBe(400);
    expect(stored.keys().filter((k) => k.startsWith(`transforms/${huge}-`))).toEqual([]);
    const original = await bytesOf(`/api/assets/${huge}`);
    expect([original.status, original.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('picks avif or webp for format=auto from Accept', async () => {
    const res = await bytesOf(`/api/assets/${image}?width=50&format=auto`, {
      accept: 'image/webp,*/*',
    });
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBe('Accept');
  });

  it('serves a named preset of the settings, refusing unknown keys and mixed parameters', async () => {
    const set = await app.request('/api/settings', {
      method: 'PATCH',
      token: admin,
      body: {
        storage_asset_presets: [
          { key: 'thumb', width: 40, height: 40, fit: 'cover', format: 'png' },
        ],
      },
    });
    expect(set.status).toBe(200);
    const thumb = await fetchBytes(`/api/assets/${image}?key=thumb`);
    const meta = await sharp(thumb).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([40, 40, 'png']);
    expect((await bytesOf(`/api/assets/${image}?key=nope`)).status).toBe(400);
    expect((await bytesOf(`/api/assets/${image}?key=thumb&width=10`)).status).toBe(400);
    const bad = await app.request('/api/settings', {
      method: 'PATCH',
      token: admin,
      body: { storage_asset_presets: [{ key: 'x', width: 99999 }] },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses bad transform values and transforms of non-images with 400', async () => {
    for (const q of [
      'width=0',
      'width=99999',
      'fit=stretch',
      'quality=101',
      'format=bmp',
      'height=abc',
      'width=-5',
      'width=1.5',
      'withoutEnlargement=maybe',
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
    const granted = await app.request('/api/permissions', {
      method: 'POST',
      token: admin,
      body: {
        policy: await publicPolicyId(getDb(), null),
        collection: 'daas_files',
        action: 'read',
        fields: ['*'],
        permissions: { id: { _eq: text } },
      },
    });
    expect(granted.status).toBe(201);
    // The public policy is shared by the storage drivers' runs of this file.
    onTestFinished(async () => {
      const id = granted.body.data.id as string;
      await app.request(`/api/permissions/${id}`, { method: 'DELETE', token: admin });
    });
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
