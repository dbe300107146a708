import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions } from '../../helpers/permissions';
import { db, uid } from '../../helpers/schema-sql';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;
let reader: TokenUser;

/**
 * - `shown`: id, title, secret, ref → `open` (a relation the reader sees), owner → `hidden`
 *   (the reader can't read `hidden`), peek → `open` (the reader can't read the field `peek`),
 *   an index over (title, secret)
 * - `open`: id, name, with the alias `backrefs` for shown.ref
 * - `hidden`: id, name, with the alias `owned` for shown.owner
 * The reader may read shown's id, title, ref and every field of `open`.
 */
const shown = uid('srp_shown');
const open = uid('srp_open');
const hidden = uid('srp_hidden');

const as = (token?: string) => (path: string) => app.request(path, { token });
const names = (list: { field: string }[]) => list.map((f) => f.field).sort();

async function call(method: string, path: string, body?: unknown) {
  const res = await app.request(path, { method, body, token: admin.token });
  expect(res.status, res.text).toBeLessThan(300);
  return res;
}

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
  for (const collection of [open, hidden]) {
    await call('POST', '/api/collections', {
      collection,
      fields: [{ field: 'name', type: 'string' }],
    });
  }
  await call('POST', '/api/collections', {
    collection: shown,
    meta: { indexes: [{ fields: ['title', 'secret'] }] },
    fields: ['title', 'secret'].map((field) => ({ field, type: 'string' })),
  });
  for (const [field, related, alias] of [
    ['ref', open, 'backrefs'],
    ['owner', hidden, 'owned'],
    ['peek', open, null],
  ] as const) {
    await call('POST', `/api/fields/${shown}`, { field, type: 'integer' });
    await call('POST', '/api/relations', {
      collection: shown,
      field,
      related_collection: related,
      ...(alias && { meta: { one_field: alias } }),
    });
  }
  reader = await createTokenUser({
    permissions: [
      { collection: shown, action: 'read', fields: ['id', 'title', 'ref'] },
      { collection: open, action: 'read', fields: ['*'] },
      { collection: 'daas_users', action: 'read', fields: ['id', 'first_name'] },
    ],
  });
});

describe('schema reads of a non-admin follow its read permissions', () => {
  it('lists only the collections it may read', async () => {
    const res = await as(reader.token)('/api/collections');
    expect(res.status).toBe(200);
    const listed = res.body.data.map((c: { collection: string }) => c.collection);
    expect(listed).toEqual(expect.arrayContaining([shown, open, 'daas_users']));
    expect(listed).not.toContain(hidden);
    expect(listed).not.toContain('daas_roles');
  });

  it('shows one collection without the indexes over fields it may not read', async () => {
    const mine = await as(reader.token)(`/api/collections/${shown}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.meta.indexes).toEqual([]);
    const admins = await as(admin.token)(`/api/collections/${shown}`);
    expect(admins.body.data.meta.indexes).toEqual([
      expect.objectContaining({ fields: ['title', 'secret'] }),
    ]);
    expect((await as(reader.token)(`/api/collections/${hidden}`)).status).toBe(404);
  });

  it('lists only the fields it may read, per collection and across all', async () => {
    const one = await as(reader.token)(`/api/fields/${shown}`);
    expect(one.status).toBe(200);
    expect(names(one.body.data)).toEqual(['id', 'ref', 'title']);
    const raw = await as(reader.token)(`/api/collections/${shown}/fields`);
    expect(names(raw.body.data)).toEqual(['id', 'ref', 'title']);
    const all = await as(reader.token)('/api/fields');
    const seen = all.body.data.map((f: { collection: string; field: string }) =>
      [f.collection, f.field].join('.'),
    );
    expect(seen.filter((f: string) => f.startsWith(`${shown}.`)).sort()).toEqual(
      [`${shown}.id`, `${shown}.ref`, `${shown}.title`].sort(),
    );
    expect(seen.filter((f: string) => f.startsWith(`${open}.`)).sort()).toEqual(
      [`${open}.backrefs`, `${open}.id`, `${open}.name`].sort(),
    );
    expect(seen.filter((f: string) => f.startsWith(`${hidden}.`))).toEqual([]);
    expect(all.text).not.toContain('"secret"');
  });

  it('shows only the daas_users fields its permission grants', async () => {
    const res = await as(reader.token)('/api/fields/daas_users');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['first_name', 'id']);
    const all = await as(reader.token)('/api/fields');
    const users = all.body.data.filter(
      (f: { collection: string }) => f.collection === 'daas_users',
    );
    expect(names(users)).toEqual(['first_name', 'id']);
    const password = await as(reader.token)('/api/fields/daas_users/password');
    expect(password.status).toBe(404);
  });

  it('answers an unreadable field exactly as a missing one', async () => {
    const secret = await as(reader.token)(`/api/fields/${shown}/secret`);
    const missing = await as(reader.token)(`/api/fields/${shown}/secrex`);
    expect(secret.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(secret.text).toBe(missing.text.replace('secrex', 'secret'));
    const title = await as(reader.token)(`/api/fields/${shown}/title`);
    expect(title.status).toBe(200);
  });

  it('lists only relations whose collections and fields it may read', async () => {
    const all = await as(reader.token)('/api/relations');
    expect(all.status).toBe(200);
    const seen = all.body.data.map((r: { collection: string; field: string }) =>
      [r.collection, r.field].join('.'),
    );
    expect(seen.filter((r: string) => r.startsWith(`${shown}.`))).toEqual([`${shown}.ref`]);
    const mine = await as(reader.token)(`/api/relations/${shown}`);
    expect(mine.body.data.map((r: { field: string }) => r.field)).toEqual(['ref']);
    expect((await as(reader.token)(`/api/relations/${shown}/ref`)).status).toBe(200);
    for (const field of ['owner', 'peek', 'title']) {
      const res = await as(reader.token)(`/api/relations/${shown}/${field}`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].message).toBe(
        `Field "${field}" in collection "${shown}" has no relation`,
      );
    }
  });

  it('hides a relation whose alias field on the related side it may not read', async () => {
    const limited = await createTokenUser({
      permissions: [
        { collection: shown, action: 'read', fields: ['*'] },
        { collection: open, action: 'read', fields: ['id', 'name'] },
      ],
    });
    const res = await as(limited.token)(`/api/relations/${shown}`);
    // ref's alias `backrefs` on `open` is not readable; peek has no alias.
    expect(res.body.data.map((r: { field: string }) => r.field)).toEqual(['peek']);
  });

  it('shows an administrator every collection, field, index and relation', async () => {
    const fields = await as(admin.token)(`/api/fields/${shown}`);
    expect(names(fields.body.data)).toEqual(['id', 'owner', 'peek', 'ref', 'secret', 'title']);
    const relations = await as(admin.token)(`/api/relations/${shown}`);
    expect(relations.body.data.map((r: { field: string }) => r.field).sort()).toEqual([
      'owner',
      'peek',
      'ref',
    ]);
    const users = await as(admin.token)('/api/fields/daas_users');
    expect(names(users.body.data)).toContain('password');
    const collections = await as(admin.token)('/api/collections');
    const listed = collections.body.data.map((c: { collection: string }) => c.collection);
    expect(listed).toEqual(expect.arrayContaining([shown, open, hidden, 'daas_roles']));
  });
});

describe('schema reads of an anonymous caller', () => {
  it('answer 401 and name nothing, even when the public policy may read the collection', async () => {
    const d = await db();
    const pub = await d
      .selectFrom('daas_policies')
      .select('id')
      .where('public', '=', true)
      .executeTakeFirstOrThrow();
    await addPermissions(pub.id, [{ collection: shown, action: 'read', fields: ['id', 'title'] }]);
    try {
      const items = await as()(`/api/items/${shown}`);
      expect(items.status).toBe(200);
      for (const path of [
        '/api/collections',
        `/api/collections/${shown}`,
        `/api/collections/${shown}/fields`,
        '/api/fields',
        `/api/fields/${shown}`,
        `/api/fields/${shown}/secret`,
        '/api/relations',
        `/api/relations/${shown}`,
        `/api/relations/${shown}/ref`,
      ]) {
        const res = await as()(path);
        expect(res.status, path).toBe(401);
        expect(res.body.errors[0]).toEqual({
          message: 'Not authenticated',
          extensions: { code: 'UNAUTHENTICATED' },
        });
        expect(res.text).not.toContain(shown);
      }
    } finally {
      await d
        .deleteFrom('daas_permissions')
        .where('policy', '=', pub.id)
        .where('collection', '=', shown)
        .execute();
      (await import('@/lib/access/policies')).invalidateAccessCache();
    }
  });
});
