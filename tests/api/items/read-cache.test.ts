import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScopeItem, uniqueSegment } from '../../helpers/access';
import { setupTestApp } from '../../helpers/app';
import { addPermissions, createPermittedUser } from '../../helpers/permissions';
import { defineSchema } from './write-fixture';

const app = setupTestApp();
let token: string;

beforeAll(async () => {
  await defineSchema({
    sql: [
      `create table rc_authors (id serial primary key, name text)`,
      `create table rc_posts (id serial primary key, title text, owner text, author int references rc_authors(id), tenant uuid references daas_scope_items(id))`,
    ],
    relations: [
      { many_collection: 'rc_posts', many_field: 'author', one_collection: 'rc_authors' },
      { many_collection: 'rc_posts', many_field: 'tenant', one_collection: 'daas_scope_items' },
    ],
  });
  const { getDb } = await import('@/lib/db/client');
  await sql`insert into rc_authors (id, name) values (1, 'Ada'), (2, 'Grace')`.execute(getDb());
  await sql`insert into rc_posts (id, title, owner, author) values
    (1, 'first', 'a', 1), (2, 'second', 'b', 2), (3, 'third', 'a', 1)`.execute(getDb());
  await sql`select setval('rc_posts_id_seq', 100)`.execute(getDb());
  token = await app.adminToken();
});

/** The read's answer, and how many statements it sent that read the collections. */
async function read(path: string, as = token) {
  const { observeQueries } = await import('@/lib/db/client');
  const seen: string[] = [];
  const stop = observeQueries((s) => seen.push(s));
  const res = await app.request(path, { token: as });
  stop();
  return {
    status: res.status,
    body: res.body,
    statements: seen.filter((q) => q.includes('rc_')).length,
  };
}

/** Reads until the answer comes from the cache; the last answer. */
async function warm(path: string, as = token) {
  let last = await read(path, as);
  for (let i = 0; i < 20 && last.statements > 0; i++) {
    await new Promise((r) => setTimeout(r, 25));
    last = await read(path, as);
  }
  return last;
}

const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title).sort();

describe('the read cache', () => {
  it('answers a repeated read without a statement, with the same body', async () => {
    const first = await read('/api/items/rc_posts?sort=id');
    const again = await warm('/api/items/rc_posts?sort=id');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.statements).toBe(0);
  });

  it('answers a repeated read by key without a statement', async () => {
    await warm('/api/items/rc_posts/1');
    const again = await read('/api/items/rc_posts/1');
    expect(again.body.data.title).toBe('first');
    expect(again.statements).toBe(0);
  });

  it('shows a write through the API on the next read, list and item alike', async () => {
    await warm('/api/items/rc_posts?sort=id');
    await warm('/api/items/rc_posts/2');
    const patched = await app.request('/api/items/rc_posts/2', {
      method: 'PATCH',
      token,
      body: { title: 'second, edited' },
    });
    expect(patched.status).toBe(200);
    expect(titles((await read('/api/items/rc_posts?sort=id')).body)).toContain('second, edited');
    expect((await read('/api/items/rc_posts/2')).body.data.title).toBe('second, edited');
  });

  it('shows a write to a related collection on the next read of the relational path', async () => {
    const path = '/api/items/rc_posts?fields=id,author.name&sort=id';
    expect((await warm(path)).body.data[0].author.name).toBe('Ada');
    const res = await app.request('/api/items/rc_authors/1', {
      method: 'PATCH',
      token,
      body: { name: 'Ada L.' },
    });
    expect(res.status).toBe(200);
    expect((await read(path)).body.data[0].author.name).toBe('Ada L.');
  });

  it('shows a write made by plain SQL from outside the API once its notice arrives', async () => {
    const path = '/api/items/rc_posts?filter[owner][_eq]=a&sort=id';
    expect((await warm(path)).body.data).toHaveLength(2);
    const url = process.env.DATABASE_URL;
    if (url) {
      // A connection of its own, as a script or psql would have.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`update rc_posts set owner = 'a' where id = 2`);
      await client.end();
    } else {
      const { getDb } = await import('@/lib/db/client');
      await sql`update rc_posts set owner = 'a' where id = 2`.execute(getDb());
    }
    // The trigger's NOTIFY reaches the listening connection a moment after the commit (through
    // a pooler, later than the next request may come): from then on the entry is dead.
    await expect.poll(async () => (await read(path)).body.data.length, { timeout: 2_000 }).toBe(3);
  });

  it('keeps the rows of two users with different item filters apart', async () => {
    const mine = await createPermittedUser([
      { collection: 'rc_posts', action: 'read', permissions: { owner: { _eq: 'a' } } },
    ]);
    const theirs = await createPermittedUser([
      { collection: 'rc_posts', action: 'read', permissions: { owner: { _eq: 'b' } } },
    ]);
    await app.request('/api/items/rc_posts/2', {
      method: 'PATCH',
      token,
      body: { owner: 'b' },
    });
    const path = '/api/items/rc_posts?fields=id,title&sort=id';
    const a = await app.login(mine.email, mine.password);
    const b = await app.login(theirs.email, theirs.password);
    const first = await warm(path, a);
    const second = await warm(path, b);
    expect(first.body.data.map((r: { id: number }) => r.id)).toEqual([1, 3]);
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([2]);
  });

  it('follows a permission change on the next read', async () => {
    const user = await createPermittedUser([
      { collection: 'rc_posts', action: 'read', permissions: { owner: { _eq: 'b' } } },
    ]);
    const as = await app.login(user.email, user.password);
    const path = '/api/items/rc_posts?fields=id&sort=id';
    expect((await warm(path, as)).body.data).toEqual([{ id: 2 }]);
    await addPermissions(user.policies[0], [
      { collection: 'rc_posts', action: 'read', permissions: { owner: { _eq: 'a' } } },
    ]);
    expect((await read(path, as)).body.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('answers each scope with its own rows, and follows a change of the scope tree', async () => {
    const uri = `/${uniqueSegment('rc')}`;
    const tenant = await createScopeItem(uri);
    const { getDb } = await import('@/lib/db/client');
    await sql`update rc_posts set tenant = ${tenant} where id = 1`.execute(getDb());
    const user = await createPermittedUser([{ collection: 'rc_posts', action: 'read' }]);
    const as = await app.login(user.email, user.password);
    const at = async (scope: string) => {
      await app.request('/api/items/rc_posts?fields=id&sort=id', {
        token: as,
        headers: { 'x-resource-uri': scope },
      });
      const res = await app.request('/api/items/rc_posts?fields=id&sort=id', {
        token: as,
        headers: { 'x-resource-uri': scope },
      });
      return res;
    };
    expect((await at(uri)).body.data).toEqual([{ id: 1 }]);
    const child = await createScopeItem(`${uri}/sub`);
    await sql`update rc_posts set tenant = ${child} where id = 3`.execute(getDb());
    expect((await at(uri)).body.data).toEqual([{ id: 1 }, { id: 3 }]);
    expect((await at(`${uri}/sub`)).body.data).toEqual([{ id: 3 }]);
  });

  it('watches a collection made through the API from its creation, before any read', async () => {
    const made = await app.request('/api/collections', {
      method: 'POST',
      token,
      body: { collection: 'rc_notes', fields: [{ field: 'body', type: 'text' }] },
    });
    expect(made.status).toBe(201);
    const { getDb } = await import('@/lib/db/client');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where c.relname = 'rc_notes' and t.tgname = 'daas_notify_write'`.execute(getDb());
    expect(rows[0].n).toBe(1);
    // So its very first repeated read is answered from memory.
    await read('/api/items/rc_notes');
    expect((await read('/api/items/rc_notes')).statements).toBe(0);
  });

  it('watches every table a new relation lets a read reach, before any read', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    const { watchedTables } = await import('@/lib/db/write-notices');
    // Known to the API (as after another instance's schema change), not watched yet.
    await sql`create table rc_far (id serial primary key, name text)`.execute(getDb());
    invalidateSchema();
    expect((await watchedTables(getDb())).has('rc_far')).toBe(false);
    const made = await app.request('/api/collections', {
      method: 'POST',
      token,
      body: { collection: 'rc_near', fields: [{ field: 'far', type: 'integer' }] },
    });
    expect(made.status).toBe(201);
    const related = await app.request('/api/relations', {
      method: 'POST',
      token,
      body: { collection: 'rc_near', field: 'far', related_collection: 'rc_far' },
    });
    expect(related.status).toBe(201);
    expect((await watchedTables(getDb())).has('rc_far')).toBe(true);
    expect((await warm('/api/items/rc_near?fields=id,far.name')).statements).toBe(0);
  });

  it('never changes the schema on a read of a table made outside the API, until a reload', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    await sql`create table rc_outside (id serial primary key, body text)`.execute(getDb());
    await sql`insert into rc_outside (body) values ('one'), ('two')`.execute(getDb());
    // Known to the API (as another instance's schema change would make it), not yet watched.
    invalidateSchema();
    const triggers = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where c.relname = 'rc_outside'`.execute(getDb());
      return rows[0].n;
    };
    for (let i = 0; i < 3; i++) {
      const res = await read('/api/items/rc_outside?sort=id');
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
      // Not cached: a write to it could not be heard.
      expect(res.statements).toBeGreaterThan(0);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(await triggers()).toBe(0);
    const reload = await app.request('/api/utils/cache/clear?system=true', {
      method: 'POST',
      token,
    });
    expect(reload.status).toBe(204);
    expect(await triggers()).toBe(1);
    expect((await warm('/api/items/rc_outside?sort=id')).statements).toBe(0);
  });

  it('keeps a collection related to the users cached across writes to other collections', async () => {
    await defineSchema({
      sql: [
        `create table rc_owned (id serial primary key, title text, owner uuid references daas_users(id))`,
        `insert into rc_owned (title) values ('kept')`,
      ],
      relations: [
        { many_collection: 'rc_owned', many_field: 'owner', one_collection: 'daas_users' },
      ],
    });
    const path = '/api/items/rc_owned?fields=id,title,owner.email';
    expect((await warm(path)).statements).toBe(0);
    // Each write logs activity and a revision, and a sign-in writes a session: none of them
    // is a row a read of rc_owned can name, so none of them ends its cached answer.
    const other = await app.request('/api/items/rc_posts', {
      method: 'POST',
      token,
      body: { title: 'elsewhere' },
    });
    expect(other.status).toBe(201);
    await app.adminToken();
    await new Promise((r) => setTimeout(r, 100));
    const after = await read(path);
    expect(after.body.data).toEqual([{ id: 1, title: 'kept', owner: null }]);
    expect(after.statements).toBe(0);
    // A write it can name still shows on the next read.
    const patched = await app.request('/api/items/rc_owned/1', {
      method: 'PATCH',
      token,
      body: { title: 'changed' },
    });
    expect(patched.status).toBe(200);
    expect((await read(path)).body.data[0].title).toBe('changed');
  });

  it('shows a change to a many-to-any item on the next read of its page', async () => {
    await defineSchema({
      sql: [
        `create table rc_pages (id serial primary key)`,
        `create table rc_heads (id serial primary key, title text)`,
        `create table rc_pages_blocks (id serial primary key, rc_pages_id integer, item varchar(255), collection varchar(255))`,
        `insert into rc_pages (id) values (1)`,
        `insert into rc_heads (id, title) values (1, 'Hello')`,
        `insert into rc_pages_blocks (rc_pages_id, item, collection) values (1, '1', 'rc_heads')`,
      ],
      fields: [{ collection: 'rc_pages', field: 'blocks', special: ['m2a'] }],
      relations: [
        {
          many_collection: 'rc_pages_blocks',
          many_field: 'rc_pages_id',
          one_collection: 'rc_pages',
          one_field: 'blocks',
          junction_field: 'item',
        },
        {
          many_collection: 'rc_pages_blocks',
          many_field: 'item',
          one_collection: null,
          one_allowed_collections: JSON.stringify(['rc_heads']),
          one_collection_field: 'collection',
          junction_field: 'rc_pages_id',
        },
      ],
    });
    const path = '/api/items/rc_pages/1?fields=id,blocks.item:rc_heads.title';
    expect((await warm(path)).body.data.blocks[0].item.title).toBe('Hello');
    const res = await app.request('/api/items/rc_heads/1', {
      method: 'PATCH',
      token,
      body: { title: 'Hello again' },
    });
    expect(res.status).toBe(200);
    expect((await read(path)).body.data.blocks[0].item.title).toBe('Hello again');
  });

  it('is off with READ_CACHE=false', async () => {
    process.env.READ_CACHE = 'false';
    try {
      await read('/api/items/rc_posts?sort=id');
      expect((await read('/api/items/rc_posts?sort=id')).statements).toBeGreaterThan(0);
    } finally {
      delete process.env.READ_CACHE;
    }
  });
});
