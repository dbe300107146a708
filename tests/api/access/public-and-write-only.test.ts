import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions } from '../../helpers/permissions';

const app = setupTestApp();

beforeAll(async () => {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const { publicPolicyId } = await import('@/lib/access/policies');
  const db = getDb();
  await sql`create table pw_notes (id serial primary key, body text, secret text, owner uuid references daas_users(id))`.execute(
    db,
  );
  await sql`create table pw_private (id serial primary key, body text)`.execute(db);
  const admin = await db.selectFrom('daas_users').select('id').executeTakeFirstOrThrow();
  await sql`insert into pw_notes (body, secret, owner) values ('hello', 's3', ${admin.id}), ('world', 's4', null)`.execute(
    db,
  );
  invalidateSchema();
  const publicPolicy = await publicPolicyId(db, null);
  await addPermissions(publicPolicy!, [
    { collection: 'pw_notes', action: 'read', fields: ['id', 'body'] },
  ]);
});

describe('anonymous callers and the public policy', () => {
  it('read what the public policy grants, and only those fields', async () => {
    const res = await app.request('/api/items/pw_notes?sort=id');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, body: 'hello' },
      { id: 2, body: 'world' },
    ]);
  });

  it('get 401 when naming a field the public policy does not grant', async () => {
    const res = await app.request('/api/items/pw_notes?fields=secret');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Not authenticated' });
  });

  it('get 401 for a collection the public policy does not grant', async () => {
    const res = await app.request('/api/items/pw_private');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Not authenticated' });
  });

  it('get 401 when writing without a public create permission, and nothing is written', async () => {
    const res = await app.request('/api/items/pw_notes', { method: 'POST', body: { body: 'x' } });
    expect(res.status).toBe(401);
    const count = await app.request('/api/items/pw_notes?aggregate[count]=*', {
      token: await app.adminToken(),
    });
    expect(count.body.data[0].count).toEqual({ '*': 2 });
  });
});

describe('write-only user fields through a relation, even for an administrator', () => {
  it.each([
    ['fields', '/api/items/pw_notes?fields=owner.password'],
    ['fields', '/api/items/pw_notes?fields=owner.token'],
    ['filter', '/api/items/pw_notes?filter[owner][password][_nnull]=true'],
    ['filter', '/api/items/pw_notes?filter[owner][tfa_secret][_null]=true'],
    ['sort', '/api/items/pw_notes?sort=owner.password'],
  ])('refuses them in %s: %s', async (_, path) => {
    const res = await app.request(path, { token: await app.adminToken() });
    expect(res.status).toBe(403);
    expect(res.text).not.toMatch(/\$argon2/);
  });

  it('leaves them out of owner.*', async () => {
    const res = await app.request('/api/items/pw_notes?fields=id,owner.*&filter[id][_eq]=1', {
      token: await app.adminToken(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].owner.email).toBe('admin@example.com');
    expect(Object.keys(res.body.data[0].owner)).not.toContain('password');
    expect(Object.keys(res.body.data[0].owner)).not.toContain('token');
    expect(Object.keys(res.body.data[0].owner)).not.toContain('tfa_secret');
  });

  it('still answers 400 naming a field that does not exist', async () => {
    const res = await app.request('/api/items/pw_notes?fields=nope', {
      token: await app.adminToken(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/nope/);
  });
});
