import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createItemsFixture } from '../../helpers/items-fixture';
import { createPermittedUser } from '../../helpers/permissions';

const app = setupTestApp();
let admin: string;
let reader: string;
let item: number;

beforeAll(async () => {
  admin = await app.adminToken();
  await createItemsFixture({ prefix: 'vr_' });
  const res = await app.request('/api/items/vr_articles', {
    method: 'POST',
    token: admin,
    body: { title: 'Main', body: 'Body', status: 'draft' },
  });
  item = res.body.data.id;
  const v = await app.request('/api/versions', {
    method: 'POST',
    token: admin,
    body: { key: 'draft', name: 'Draft', collection: 'vr_articles', item },
  });
  expect(v.status).toBe(201);
  const user = await createPermittedUser([{ collection: 'vr_articles', action: 'read' }]);
  reader = await app.login(user.email, user.password);
});

describe('relations out of content versions', () => {
  it('shows no field of the creator to a caller who may not read users', async () => {
    const res = await app.request(
      `/api/versions?filter[item][_eq]=${item}&fields=id,user_created.*,user_created.role.*`,
      { token: reader },
    );
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('shows the creator id but not the creator row when only the id is asked', async () => {
    const res = await app.request(
      `/api/versions?filter[item][_eq]=${item}&fields=id,user_created`,
      {
        token: reader,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(typeof res.body.data[0].user_created).toBe('string');
  });

  it('refuses a filter through the creator so it cannot serve as an oracle', async () => {
    const hit = await app.request(
      `/api/versions?filter[user_created][email][_starts_with]=admin&fields=id`,
      { token: reader },
    );
    const miss = await app.request(
      `/api/versions?filter[user_created][email][_starts_with]=zzz&fields=id`,
      { token: reader },
    );
    expect(hit.status).toBe(403);
    expect(miss.status).toBe(403);
    expect(hit.body).toEqual(miss.body);
  });

  it('still expands the creator for an administrator', async () => {
    const res = await app.request(
      `/api/versions?filter[item][_eq]=${item}&fields=id,user_created.email`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0].user_created.email).toContain('@');
  });

  it('answers an anonymous caller 401', async () => {
    const res = await app.request('/api/versions?fields=user_created.*');
    expect(res.status).toBe(401);
  });
});

describe('relations out of the caller-own system reads', () => {
  it('reads the own roles but not a related collection the caller may not read', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { invalidateSchema } = await import('@/lib/schema/overview');
    const { sql } = await import('kysely');
    const db = getDb();
    await sql`create table vr_notes (id serial primary key, secret text,
      role uuid references daas_roles(id))`.execute(db);
    await db
      .insertInto('daas_fields')
      .values({ collection: 'daas_roles', field: 'notes', special: JSON.stringify(['o2m']) })
      .execute();
    await db
      .insertInto('daas_relations')
      .values({
        many_collection: 'vr_notes',
        many_field: 'role',
        one_collection: 'daas_roles',
        one_field: 'notes',
      })
      .execute();
    invalidateSchema();
    const own = await app.request('/api/roles/me?fields=id,name', { token: reader });
    expect(own.status).toBe(200);
    const role = own.body.data[0].id as string;
    await sql`insert into vr_notes (secret, role) values ('hidden-note', ${role})`.execute(db);

    const reach = await app.request('/api/roles/me?fields=id,notes.secret', { token: reader });
    expect(reach.status).toBe(403);
    expect(JSON.stringify(reach.body)).not.toContain('hidden-note');
    const byAdmin = await app.request(`/api/roles/${role}?fields=id,notes.secret`, {
      token: admin,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.notes[0].secret).toBe('hidden-note');
  });
});
