import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { caller, schemaCalls } from '../../fixtures/snapshot-schema';

const app = setupTestApp();
const call = caller(app, () => app.adminToken());
const { snapshot, diff, apply } = schemaCalls(app);
const uid = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

interface IndexRow {
  name: string;
  columns: string[];
  unique: boolean;
}

/** The multi-column indexes the database really has on a table. */
async function indexesOf(table: string): Promise<IndexRow[]> {
  const { getDb } = await import('@/lib/db/client');
  const res = await sql<IndexRow>`
    select i.relname as name, x.indisunique as unique,
      array(select a.attname::text from unnest(x.indkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o)::text[] as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = ${table} and x.indnatts > 1`.execute(getDb());
  return res.rows.map((r) => ({ ...r, columns: [...r.columns] }));
}

async function tableAB() {
  const name = uid('ix');
  await call('POST', '/api/collections', {
    collection: name,
    fields: [
      { field: 'a', type: 'integer' },
      { field: 'b', type: 'string' },
    ],
  });
  return name;
}

type Snapshot = {
  collections: { collection: string; meta: Record<string, unknown> | null }[];
  fields: { collection: string; field: string; schema: Record<string, unknown> | null }[];
};

/** The current snapshot with `indexes` declared on one collection's meta. */
async function declaring(name: string, indexes: unknown[], edit?: (s: Snapshot) => void) {
  const s = (await snapshot()) as Snapshot;
  const c = s.collections.find((x) => x.collection === name)!;
  c.meta = { ...c.meta, indexes };
  edit?.(s);
  return s;
}

describe('POST /api/schema/apply with changed meta.indexes on an existing collection', () => {
  it('creates a declared multi-column unique index, then drops it when no longer declared', async () => {
    const name = await tableAB();
    const d = await diff(await declaring(name, [{ fields: ['a', 'b'], unique: true }]));
    expect(d.collections.map((c: { collection: string }) => c.collection)).toEqual([name]);
    expect((await apply(d)).status).toBe(204);
    expect(await indexesOf(name)).toEqual([
      { name: `${name}_a_b_unique`, columns: ['a', 'b'], unique: true },
    ]);
    const read = (await call('GET', `/api/collections/${name}`)) as {
      data: { meta: { indexes: unknown } };
    };
    expect(read.data.meta.indexes).toEqual([
      { name: `${name}_a_b_unique`, fields: ['a', 'b'], unique: true },
    ]);

    const second = await diff(await declaring(name, []));
    expect((await apply(second)).status).toBe(204);
    expect(await indexesOf(name)).toEqual([]);
    // Nothing left to do: the stored declaration matches the source.
    const again = await diff(await declaring(name, []));
    expect(again.collections).toEqual([]);
  });

  it('indexes a column added by the same migration', async () => {
    const name = await tableAB();
    const s = await declaring(name, [{ fields: ['b', 'c'] }], (snap) => {
      const a = snap.fields.find((f) => f.collection === name && f.field === 'a')!;
      snap.fields.push({ ...a, field: 'c', schema: { ...a.schema, name: 'c' } });
    });
    expect((await apply(await diff(s))).status).toBe(204);
    expect(await indexesOf(name)).toEqual([
      { name: `${name}_b_c_index`, columns: ['b', 'c'], unique: false },
    ]);
  });

  it('refuses an index over a field the table does not have, changing nothing', async () => {
    const name = await tableAB();
    const res = await apply(await diff(await declaring(name, [{ fields: ['a', 'nope'] }])));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('nope');
    expect(await indexesOf(name)).toEqual([]);
  });
});
