import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { startS3Server, type S3Server } from '../../helpers/s3-server';
import { formWith, pngBytes } from './fixtures';

const app = setupTestApp();
let s3: S3Server;
let admin: string;

beforeAll(async () => {
  s3 = await startS3Server();
  process.env.STORAGE_S3_BUCKET = s3.bucket;
  process.env.STORAGE_S3_ENDPOINT = s3.endpoint;
  process.env.STORAGE_S3_KEY = 'S3RVER';
  process.env.STORAGE_S3_SECRET = 'S3RVER';
  admin = await app.adminToken();
});

afterAll(async () => {
  for (const k of ['BUCKET', 'ENDPOINT', 'KEY', 'SECRET']) delete process.env[`STORAGE_S3_${k}`];
  await s3.close();
});

async function upload(form: FormData, token = admin) {
  return app.request('/api/files', { method: 'POST', token, form });
}

describe('files on S3-compatible storage', () => {
  it('stores uploads in the bucket and serves them back, with ranges', async () => {
    const res = await upload(
      formWith({}, { bytes: 'hello from s3', filename: 'h.txt', type: 'text/plain' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ storage: 's3', type: 'text/plain' });
    expect(s3.keys()).toContain(`${res.body.data.id}.txt`);
    const whole = await app.request(`/api/assets/${res.body.data.id}`, { token: admin });
    expect(whole.text).toBe('hello from s3');
    const part = await app.request(`/api/assets/${res.body.data.id}`, {
      token: admin,
      headers: { range: 'bytes=6-9' },
    });
    expect([part.status, part.text]).toEqual([206, 'from']);
  });

  it('caches transforms in the bucket and deletes them with the file', async () => {
    const res = await upload(formWith({}, { bytes: await pngBytes(300, 100), filename: 'p.png' }));
    const id = res.body.data.id as string;
    const { dispatch } = await import('@/lib/http/dispatch');
    const t = await dispatch(
      new Request(`http://localhost/api/assets/${id}?width=30&format=png`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    expect((await sharp(Buffer.from(await t.arrayBuffer())).metadata()).width).toBe(30);
    expect(s3.keys().some((k) => k.startsWith(`transforms/${id}-`))).toBe(true);
    expect((await app.request(`/api/files/${id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    expect(s3.keys().filter((k) => k.includes(id))).toEqual([]);
  });

  it('keeps the old object when a replacement is refused', async () => {
    const res = await upload(
      formWith({}, { bytes: 'original', filename: 'o.txt', type: 'text/plain' }),
    );
    const id = res.body.data.id as string;
    const reader = await createPermittedUser([{ collection: 'daas_files', action: 'read' }]);
    const token = await app.login(reader.email, reader.password);
    const refused = await app.request(`/api/files/${id}`, {
      method: 'PATCH',
      token,
      form: formWith({}, { bytes: 'evil', filename: 'o.txt' }),
    });
    expect(refused.status).toBe(403);
    expect((await app.request(`/api/assets/${id}`, { token: admin })).text).toBe('original');
    expect(s3.keys().filter((k) => k.startsWith('staging/'))).toEqual([]);
  });
});
