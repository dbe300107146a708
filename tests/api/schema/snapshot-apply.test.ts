import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { caller, schemaCalls } from '../../fixtures/snapshot-schema';

const app = setupTestApp();
const call = caller(app, () => app.adminToken());
const uid = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

async function db() {
  return (await import('@/lib/db/client')).getDb();
}

async function tableExists(name: string): Promise<boolean> {
  const res = await sql<{
    found: boolean;
  }>`select to_regclass(${name}) is not null as found`.execute(await db());
  return res.rows[0].found;
}

async function columnsOf(name: string): Promise<string[]> {
  const res = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${name} order by column_name`.execute(
    await db(),
  );
  return res.rows.map((r) => r.column_name);
}

const { snapshot, diff, apply } = schemaCalls(app);

type Field = {
  collection: string;
  field: string;
  type: string;
  schema: Record<string, unknown> | null;
  meta: unknown;
};

/** A snapshot item for a new column, shaped as a snapshot lists it. */
function column(collection: string, field: string, schema: Record<string, unknown>): Field {
  return {
    collection,
    field,
    type: 'integer',
    meta: null,
    schema: {
      name: field,
      table: collection,
      data_type: 'integer',
      default_value: null,
      max_length: null,
      numeric_precision: 32,
      numeric_scale: 0,
      is_nullable: true,
      is_unique: false,
      is_indexed: false,
      is_primary_key: false,
      is_generated: false,
      generation_expression: null,
      has_auto_increment: false,
      foreign_key_table: null,
      foreign_key_column: null,
      comment: null,
      ...schema,
    },
  };
}

/** The snapshot of a table `base` plus two new collections copied from it under other names. */
async function withNewCollections(base: string) {
  const s = await snapshot();
  const names = [uid('na'), uid('nb')];
  for (const name of names) {
    s.collections.push({ collection: name, meta: { note: 'new' }, schema: { name } });
    for (const f of s.fields.filter((x: Field) => x.collection === base)) {
      s.fields.push({
        ...f,
        collection: name,
        meta: f.meta && { ...(f.meta as object), collection: name },
        schema: f.schema && { ...f.schema, table: name },
      });
    }
  }
  return { s, names };
}

async function tableWithRows() {
  const name = uid('ap');
  await call('POST', '/api/collections', {
    collection: name,
    fields: [{ field: 'title', type: 'string' }],
  });
  await sql.raw(`insert into ${name} (title) values ('a'), ('b')`).execute(await db());
  return name;
}

describe('POST /api/schema/apply', () => {
  it('answers 409 SCHEMA_MODIFIED when the schema changed between diff and apply', async () => {
    const name = await tableWithRows();
    const s = await snapshot();
    s.fields.push(column(name, 'extra', {}));
    const d = await diff(s);
    await call('POST', `/api/fields/${name}`, { field: 'meanwhile', type: 'text' });
    const res = await apply(d);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.code).toBe('SCHEMA_MODIFIED');
    expect(await columnsOf(name)).not.toContain('extra');
  });

  it('rolls the whole migration back and answers a generic 500 when the database refuses a statement', async () => {
    const name = await tableWithRows();
    const { s, names } = await withNewCollections(name);
    // Two tables are created before the column that the existing rows can't satisfy.
    s.fields.push(column(name, 'required_now', { is_nullable: false }));
    const d = await diff(s);
    expect(d.collections).toHaveLength(2);
    const res = await apply(d);
    expect(res.status).toBe(500);
    expect(res.body.errors[0].message).not.toMatch(/null|column|violat/i);
    for (const n of names) expect(await tableExists(n)).toBe(false);
    expect(await columnsOf(name)).not.toContain('required_now');
    const meta = await (
      await db()
    )
      .selectFrom('daas_collections')
      .select('collection')
      .where('collection', 'in', names)
      .execute();
    expect(meta).toEqual([]);
    // The same diff is still current: nothing changed.
    expect((await diff(s)).hash).toBe(d.hash);
  });

  it('creates new columns with their type, length, nullability and default', async () => {
    const name = await tableWithRows();
    const s = await snapshot();
    s.fields.push({
      ...column(name, 'code', {
        data_type: 'character varying',
        max_length: 12,
        default_value: 'x',
        is_nullable: false,
        numeric_precision: null,
        numeric_scale: null,
      }),
      type: 'string',
      meta: { collection: name, field: 'code', note: 'a code', interface: 'input' },
    });
    const res = await apply(await diff(s));
    expect(res.status, res.text).toBe(204);
    const field = await app.request(`/api/fields/${name}/code`, { token: await app.adminToken() });
    expect(field.body.data).toMatchObject({
      type: 'string',
      schema: { max_length: 12, default_value: 'x', is_nullable: false },
      meta: { note: 'a code', interface: 'input' },
    });
  });

  it('changes a column type, default and nullability in place', async () => {
    const name = await tableWithRows();
    const s = await snapshot();
    const title = s.fields.find((f: Field) => f.collection === name && f.field === 'title');
    Object.assign(title.schema, { max_length: 40, default_value: 'untitled' });
    const d = await diff(s);
    expect(d.fields[0].diff).toEqual(
      expect.arrayContaining([{ kind: 'E', path: ['schema', 'max_length'], lhs: 255, rhs: 40 }]),
    );
    expect((await apply(d)).status).toBe(204);
    const field = await app.request(`/api/fields/${name}/title`, { token: await app.adminToken() });
    expect(field.body.data.schema).toMatchObject({ max_length: 40, default_value: 'untitled' });
    expect((await diff(s)).fields).toEqual([]);
  });

  it.each([
    ['changing auto-increment', (f: Field) => (f.schema!.has_auto_increment = false), 'id'],
    ['changing a primary key', (f: Field) => (f.schema!.is_primary_key = false), 'id'],
    [
      'converting between an alias field and a database column',
      (f: Field) => Object.assign(f, { type: 'alias', schema: null, meta: { special: ['o2m'] } }),
      'title',
    ],
  ])('answers 400 for %s and changes nothing', async (what, change, fieldName) => {
    const name = await tableWithRows();
    const { s, names } = await withNewCollections(name);
    change(s.fields.find((f: Field) => f.collection === name && f.field === fieldName));
    const res = await apply(await diff(s));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain(what);
    for (const n of names) expect(await tableExists(n)).toBe(false);
  });

  it('answers 400 for an array or user-defined column type and changes nothing', async () => {
    const name = await tableWithRows();
    const { s, names } = await withNewCollections(name);
    s.fields.push({ ...column(name, 'list', { data_type: 'text[]' }), type: 'unknown' });
    const res = await apply(await diff(s));
    expect(res.status).toBe(400);
    for (const n of names) expect(await tableExists(n)).toBe(false);
  });

  it('accepts the diff wrapped under "diff", as Directus sends it', async () => {
    const name = await tableWithRows();
    const s = await snapshot();
    s.fields.push(column(name, 'wrapped', {}));
    const { hash, ...lists } = await diff(s);
    const res = await apply({ hash, diff: lists });
    expect(res.status, res.text).toBe(204);
    expect(await columnsOf(name)).toContain('wrapped');
  });

  it('answers 400 when the hash is missing', async () => {
    const res = await apply({ collections: [], fields: [], relations: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });
});

describe('POST /api/schema/apply with legacy SQL operations', () => {
  it('runs statements one at a time and stops at the first failure, keeping earlier ones', async () => {
    const a = uid('lg');
    const b = uid('lg');
    const res = await apply({
      operations: [
        { type: 'sql', sql: `create table ${a} (id integer)` },
        { type: 'sql', sql: `insert into ${a} values (1), (2)` },
        { type: 'sql', sql: 'select * from no_such_table_here' },
        { type: 'sql', sql: `create table ${b} (id integer)` },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.applied).toBe(2);
    const [created, inserted, failed, ...rest] = res.body.data.results;
    expect(created).toMatchObject({ index: 0, command: 'CREATE' });
    expect(inserted).toEqual({ index: 1, command: 'INSERT', rowCount: 2 });
    expect(failed).toEqual({ index: 2, error: expect.stringContaining('no_such_table_here') });
    expect(failed.error).not.toContain('\n');
    expect(rest).toEqual([]);
    expect(await tableExists(a)).toBe(true);
    expect(await tableExists(b)).toBe(false);
  });

  it('reports the command and row count of an update', async () => {
    const name = await tableWithRows();
    const res = await apply({
      operations: [{ type: 'sql', sql: `update ${name} set title = 'z'` }],
    });
    expect(res.body.data).toEqual({
      applied: 1,
      results: [{ index: 0, command: 'UPDATE', rowCount: 2 }],
    });
  });

  it.each([
    ['a type other than sql', [{ type: 'ddl', sql: 'select 1' }]],
    ['an empty sql string', [{ type: 'sql', sql: '  ' }]],
    ['a missing sql string', [{ type: 'sql' }]],
    ['no operations', []],
  ])('answers 400 for %s', async (_what, operations) => {
    const res = await apply({ operations });
    expect(res.status).toBe(400);
  });
});
