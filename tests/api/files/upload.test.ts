import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { formWith, pngBytes } from './fixtures';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

afterEach(() => {
  delete process.env.FILES_MAX_UPLOAD_SIZE;
});

async function upload(form: FormData, token = admin) {
  return app.request('/api/files', { method: 'POST', token, form });
}

describe.each(STORAGE_DRIVERS)('on %s storage', (driver) => {
  const stored = storeFilesWith(driver);

  describe('POST /api/files', () => {
    it('stores one file with its sniffed type, size, dimensions and metadata', async () => {
      const png = await pngBytes(64, 32);
      const res = await upload(
        formWith({ title: 'Cover' }, { bytes: png, filename: 'cover.png', type: 'image/png' }),
      );
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        title: 'Cover',
        filename_download: 'cover.png',
        type: 'image/png',
        filesize: expect.anything(),
        width: 64,
        height: 32,
        storage: driver,
      });
      expect(Number(res.body.data.filesize)).toBe(png.length);
      expect(await stored.ofFile(res.body.data.id)).toEqual(png);
    });

    it('stores several files of one request and answers an array', async () => {
      const res = await upload(
        formWith(
          {},
          { bytes: 'first,row\n1,2\n', filename: 'a.csv', type: 'text/csv' },
          { bytes: await pngBytes(4, 4), filename: 'b.png' },
        ),
      );
      expect(res.status).toBe(201);
      expect(res.body.data.map((f: { type: string }) => f.type)).toEqual(['text/csv', 'image/png']);
    });

    it('takes the type from the bytes: a .png that is really HTML is stored as HTML', async () => {
      const res = await upload(
        formWith(
          {},
          { bytes: '<html><script>alert(1)</script></html>', filename: 'x.png', type: 'image/png' },
        ),
      );
      expect(res.status).toBe(201);
      expect(res.body.data.type).toBe('text/html');
    });

    it('accepts an empty file', async () => {
      const res = await upload(
        formWith({}, { bytes: '', filename: 'empty.txt', type: 'text/plain' }),
      );
      expect(res.status).toBe(201);
      expect(Number(res.body.data.filesize)).toBe(0);
      expect(await stored.ofFile(res.body.data.id)).toEqual(Buffer.alloc(0));
      const served = await app.request(`/api/assets/${res.body.data.id}`, { token: admin });
      expect([served.status, served.text, served.headers.get('content-length')]).toEqual([
        200,
        '',
        '0',
      ]);
    });

    it('answers 413 past FILES_MAX_UPLOAD_SIZE and keeps nothing of the file', async () => {
      process.env.FILES_MAX_UPLOAD_SIZE = '1000';
      const { getDb } = await import('@/lib/db/client');
      const before = await getDb().selectFrom('daas_files').select('id').execute();
      const keys = stored.keys();
      const res = await upload(formWith({}, { bytes: Buffer.alloc(5000, 1), filename: 'big.bin' }));
      expect(res.status).toBe(413);
      const after = await getDb().selectFrom('daas_files').select('id').execute();
      expect(after.length).toBe(before.length);
      expect(stored.keys()).toEqual(keys);
    });

    it('refuses a JSON body with 415 and a body without a file with 400', async () => {
      const json = await app.request('/api/files', { method: 'POST', token: admin, body: {} });
      expect(json.status).toBe(415);
      const none = await upload(formWith({ title: 'nothing' }));
      expect(none.status).toBe(400);
    });

    it('refuses metadata the caller may not set, and a caller without create permission', async () => {
      const bad = await upload(formWith({ filesize: '5' }, { bytes: 'x', filename: 'x.txt' }));
      expect(bad.status).toBe(400);
      const reader = await createPermittedUser([{ collection: 'daas_files', action: 'read' }]);
      const token = await app.login(reader.email, reader.password);
      const res = await upload(formWith({}, { bytes: 'x', filename: 'x.txt' }), token);
      expect(res.status).toBe(403);
    });
  });

  describe('PATCH and DELETE /api/files/:id', () => {
    it('changes metadata with JSON and replaces the bytes with multipart', async () => {
      const first = await upload(
        formWith({}, { bytes: 'one', filename: 'note.txt', type: 'text/plain' }),
      );
      const id = first.body.data.id as string;
      const meta = await app.request(`/api/files/${id}`, {
        method: 'PATCH',
        token: admin,
        body: { title: 'Renamed' },
      });
      expect(meta.status).toBe(200);
      expect(meta.body.data.title).toBe('Renamed');
      const png = await pngBytes(10, 20);
      const replaced = await app.request(`/api/files/${id}`, {
        method: 'PATCH',
        token: admin,
        form: formWith({}, { bytes: png, filename: 'now.png' }),
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({ type: 'image/png', width: 10, height: 20 });
      expect(await stored.ofFile(id)).toEqual(png);
      expect(stored.keys().filter((k) => k.includes(id))).toEqual([`${id}.png`]);
    });

    it('keeps the old bytes when a replacement is refused', async () => {
      const first = await upload(
        formWith({}, { bytes: 'keep me', filename: 'k.txt', type: 'text/plain' }),
      );
      const id = first.body.data.id as string;
      const reader = await createPermittedUser([{ collection: 'daas_files', action: 'read' }]);
      const token = await app.login(reader.email, reader.password);
      const refused = await app.request(`/api/files/${id}`, {
        method: 'PATCH',
        token,
        form: formWith({}, { bytes: 'evil', filename: 'k.txt' }),
      });
      expect(refused.status).toBe(403);
      process.env.FILES_MAX_UPLOAD_SIZE = '10';
      const tooBig = await app.request(`/api/files/${id}`, {
        method: 'PATCH',
        token: admin,
        form: formWith({}, { bytes: Buffer.alloc(100, 65), filename: 'k.txt' }),
      });
      expect(tooBig.status).toBe(413);
      expect((await stored.ofFile(id))?.toString()).toBe('keep me');
      expect(stored.keys().filter((k) => k.startsWith('staging/'))).toEqual([]);
    });

    it('deletes the row, the bytes and the cached transforms', async () => {
      const first = await upload(
        formWith({}, { bytes: await pngBytes(40, 20), filename: 'b.png' }),
      );
      const id = first.body.data.id as string;
      const transformed = await app.request(`/api/assets/${id}?width=10`, { token: admin });
      expect(transformed.status).toBe(200);
      const ofFile = () => stored.keys().filter((k) => k.includes(id));
      expect(ofFile().sort()).toEqual([`${id}.png`, expect.stringMatching(/^transforms\//)]);
      const del = await app.request(`/api/files/${id}`, { method: 'DELETE', token: admin });
      expect(del.status).toBe(204);
      expect(ofFile()).toEqual([]);
      expect((await app.request(`/api/files/${id}`, { token: admin })).status).toBe(404);
    });

    it('deletes in batch only what the caller may, keeping the bytes of the rest', async () => {
      const mine = await upload(formWith({ title: 'mine' }, { bytes: 'a', filename: 'a.txt' }));
      const theirs = await upload(formWith({ title: 'theirs' }, { bytes: 'b', filename: 'b.txt' }));
      const user = await createPermittedUser([
        { collection: 'daas_files', action: 'delete', permissions: { title: { _eq: 'mine' } } },
      ]);
      const token = await app.login(user.email, user.password);
      const del = await app.request('/api/files', {
        method: 'DELETE',
        token,
        body: [mine.body.data.id, theirs.body.data.id],
      });
      expect(del.status).toBe(204);
      expect((await stored.ofFile(theirs.body.data.id))?.toString()).toBe('b');
      expect((await app.request(`/api/files/${mine.body.data.id}`, { token: admin })).status).toBe(
        404,
      );
    });
  });

  describe('/api/folders', () => {
    it('creates nested folders, moves a file into one and refuses a cycle', async () => {
      const parent = await app.request('/api/folders', {
        method: 'POST',
        token: admin,
        body: { name: 'Images' },
      });
      expect(parent.status).toBe(201);
      const child = await app.request('/api/folders', {
        method: 'POST',
        token: admin,
        body: { name: 'Covers', parent: parent.body.data.id },
      });
      expect(child.status).toBe(201);
      const cycle = await app.request(`/api/folders/${parent.body.data.id}`, {
        method: 'PATCH',
        token: admin,
        body: { parent: child.body.data.id },
      });
      expect(cycle.status).toBe(400);
      const file = await upload(
        formWith({ folder: child.body.data.id }, { bytes: 'x', filename: 'x.txt' }),
      );
      expect(file.body.data.folder).toBe(child.body.data.id);
      const listed = await app.request(`/api/files?filter[folder][_eq]=${child.body.data.id}`, {
        token: admin,
      });
      expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([file.body.data.id]);
    });
  });
});
