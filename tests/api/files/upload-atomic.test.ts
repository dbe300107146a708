import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';
import { formWith } from './fixtures';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
});

async function fileCount(title: string): Promise<number> {
  const { getDb } = await import('@/lib/db/client');
  const rows = await getDb()
    .selectFrom('daas_files')
    .select('id')
    .where('title', '=', title)
    .execute();
  return rows.length;
}

const parts = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ bytes: `${tag} part ${i}`, filename: `p${i}.txt` }));

describe.each(STORAGE_DRIVERS)('multi-file upload on %s storage', (driver) => {
  const stored = storeFilesWith(driver);

  it('stores nothing, rows or bytes, when the 21st part is refused with 413', async () => {
    const title = `batch-${driver}-${Date.now()}`;
    const keysBefore = stored.keys().length;
    const res = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith({ title }, ...parts(21, title)),
    });
    expect(res.status).toBe(413);
    expect(JSON.stringify(res.body)).toContain('At most 20 files per request');
    expect(await fileCount(title)).toBe(0);
    expect(stored.keys().length).toBe(keysBefore);
  });

  it('stores all twenty of a request at the limit', async () => {
    const title = `full-${driver}-${Date.now()}`;
    const res = await app.request('/api/files', {
      method: 'POST',
      token: admin,
      form: formWith({ title }, ...parts(20, title)),
    });
    expect(res.status).toBe(201);
    expect(await fileCount(title)).toBe(20);
  });

  it('answers a non-admin without create permission 403 and an anonymous caller 401', async () => {
    const user = await createPermittedUser([]);
    const token = await app.login(user.email, user.password);
    const title = `none-${driver}-${Date.now()}`;
    const refused = await app.request('/api/files', {
      method: 'POST',
      token,
      form: formWith({ title }, ...parts(2, title)),
    });
    expect(refused.status).toBe(403);
    const anonymous = await app.request('/api/files', {
      method: 'POST',
      form: formWith({ title }, ...parts(2, title)),
    });
    expect(anonymous.status).toBe(401);
    expect(await fileCount(title)).toBe(0);
  });
});
