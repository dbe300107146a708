import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { STORAGE_DRIVERS, storeFilesWith } from '../../helpers/storage';

const app = setupTestApp();
let admin: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const { getDb } = await import('@/lib/db/client');
  const { sql } = await import('kysely');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const db = getDb();
  await sql`create table notes (id serial primary key, title varchar(255), secret text, views integer)`.execute(
    db,
  );
  await sql`insert into notes (title, secret, views)
    select 'note ' || n, 'hidden ' || n, n from generate_series(1, 2300) n`.execute(db);
  await sql`update notes set title = '=HYPERLINK("http://evil")' where id = 1`.execute(db);
  await sql`update notes set title = 'a <b> & "c"' where id = 2`.execute(db);
  invalidateSchema();
});

async function exported(body: Record<string, unknown>, token = admin) {
  const res = await app.request('/api/utils/export/notes', { method: 'POST', token, body });
  return res;
}

describe.each(STORAGE_DRIVERS)('POST /api/utils/export/:collection on %s storage', (driver) => {
  const stored = storeFilesWith(driver);

  async function contents(id: string): Promise<string> {
    return (await stored.ofFile(id))?.toString('utf8') ?? '';
  }

  it('writes every matching row as CSV, in batches, with formula cells neutralised', async () => {
    const res = await exported({ format: 'csv', query: { fields: ['id', 'title'], limit: -1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'text/csv',
      filename_download: 'notes-export.csv',
      storage: driver,
    });
    const lines = (await contents(res.body.data.id)).trim().split('\n');
    expect(lines[0]).toBe('id,title');
    expect(lines.length).toBe(2301);
    expect(lines[1]).toBe(`1,"'=HYPERLINK(""http://evil"")"`);
  });

  it('writes JSON, XML and YAML of the query it is given', async () => {
    const query = { fields: 'id,title', filter: { id: { _lte: 2 } }, sort: ['-id'] };
    const json = await exported({ format: 'json', query });
    expect(JSON.parse(await contents(json.body.data.id))).toEqual([
      { id: 2, title: 'a <b> & "c"' },
      { id: 1, title: '=HYPERLINK("http://evil")' },
    ]);
    const xml = await exported({ format: 'xml', query });
    expect(xml.body.data.type).toBe('application/xml');
    expect(await contents(xml.body.data.id)).toContain(
      '<item><field name="id">2</field><field name="title">a &lt;b&gt; &amp; &quot;c&quot;</field></item>',
    );
    const yaml = await exported({ format: 'yaml', query, file: { title: 'Two notes' } });
    expect(yaml.body.data.title).toBe('Two notes');
    expect(YAML.parse(await contents(yaml.body.data.id))).toEqual([
      { id: 2, title: 'a <b> & "c"' },
      { id: 1, title: '=HYPERLINK("http://evil")' },
    ]);
  });

  it('exports only what the caller may read, and refuses fields it may not', async () => {
    const user = await createPermittedUser([
      {
        collection: 'notes',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { id: { _lte: 3 } },
      },
      { collection: 'daas_files', action: 'create' },
      { collection: 'daas_files', action: 'read' },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await exported({ format: 'json', query: { limit: -1 } }, token);
    expect(res.status).toBe(200);
    const rows = JSON.parse(await contents(res.body.data.id));
    expect(rows.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'title']);
    const secret = await exported({ format: 'json', query: { fields: ['secret'] } }, token);
    expect(secret.status).toBe(403);
  });

  it('refuses an unknown format and creates no file for a bad query', async () => {
    expect((await exported({ format: 'xlsx' })).status).toBe(400);
    const { getDb } = await import('@/lib/db/client');
    const before = (await getDb().selectFrom('daas_files').select('id').execute()).length;
    expect((await exported({ format: 'csv', query: { fields: ['nope'] } })).status).toBe(400);
    expect((await getDb().selectFrom('daas_files').select('id').execute()).length).toBe(before);
  });
});
