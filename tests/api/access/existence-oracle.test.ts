import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions, createPermittedUser } from '../../helpers/permissions';
import { createTokenUser } from '../../helpers/token-users';

/**
 * Missing and forbidden must answer alike on every verb and route, or a caller can map what
 * exists without being allowed to see it. Each case is a pair of requests that differ only
 * in whether their target exists: the answers must match (status and body, with the
 * differing name or key masked).
 */
const app = setupTestApp();

const closed = 'eo_closed'; // exists; the caller has no permission on it
const nowhere = 'eo_nowhere'; // does not exist
const open = 'eo_open'; // the caller may read, update and delete the rows titled "mine"
const plain = 'eo_plain'; // exists, no permission, no sort field
const sorted = 'eo_sorted'; // sortable; the caller may update the sort of the rows titled "mine"
const missingUuid = '00000000-0000-4000-8000-00000000abcd';

let token: string;
const ids: Record<'user' | 'role' | 'policy' | 'access' | 'permission' | 'activity', string> = {
  user: '',
  role: '',
  policy: '',
  access: '',
  permission: '',
  activity: '',
};

async function upload(path: string, who: string | undefined, file = '[{"title":"x"}]') {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/json' }), 'data');
  const encoded = new Response(form);
  return app.request(path, {
    method: 'POST',
    token: who,
    rawBody: await encoded.text(),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}

type Call = [method: string, path: string, body?: unknown];
interface Case {
  name: string;
  forbidden: Call;
  missing: Call;
}

const filter = encodeURIComponent(JSON.stringify({ id: { _eq: 1 } }));

function cases(): Case[] {
  const pair = (name: string, method: string, f: string, m: string, body?: unknown): Case => ({
    name: `${method} ${name}`,
    forbidden: [method, f, body],
    missing: [method, m, body],
  });
  const write = { title: 'changed' };
  const list: Case[] = [];
  // Items: a collection without permission vs one that does not exist.
  for (const [method, body] of [
    ['GET', undefined],
    ['POST', write],
  ] as const) {
    list.push(
      pair('items of a collection', method, `/api/items/${closed}`, `/api/items/${nowhere}`, body),
    );
  }
  for (const method of ['PATCH', 'DELETE']) {
    list.push(
      pair(
        'items by filter',
        method,
        `/api/items/${closed}?filter=${filter}`,
        `/api/items/${nowhere}?filter=${filter}`,
        method === 'PATCH' ? write : undefined,
      ),
    );
  }
  // Items: an existing item vs a missing one, in a collection without permission, in an
  // unknown collection, and (hidden by the item filter) in a collection with permission.
  for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
    const body = method === 'PATCH' || method === 'PUT' ? write : undefined;
    list.push(pair('an item', method, `/api/items/${closed}/1`, `/api/items/${closed}/999`, body));
    list.push(
      pair(
        'an item, unknown collection',
        method,
        `/api/items/${closed}/1`,
        `/api/items/${nowhere}/1`,
        body,
      ),
    );
    list.push(
      pair(
        'an item, invalid key',
        method,
        `/api/items/${closed}/1`,
        `/api/items/${closed}/x`,
        body,
      ),
    );
    list.push(
      pair('a hidden item', method, `/api/items/${open}/2`, `/api/items/${open}/999`, body),
    );
  }
  // System collections: an existing record vs a missing one.
  for (const [resource, id, missing] of [
    ['users', ids.user, missingUuid],
    ['roles', ids.role, missingUuid],
    ['policies', ids.policy, missingUuid],
    ['access', ids.access, missingUuid],
    ['permissions', ids.permission, '999999'],
  ]) {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { name: 'x' } : undefined;
      list.push(
        pair(
          `/api/${resource}/:id`,
          method,
          `/api/${resource}/${id}`,
          `/api/${resource}/${missing}`,
          body,
        ),
      );
    }
  }
  list.push(
    pair('/api/activity/:id', 'GET', `/api/activity/${ids.activity}`, '/api/activity/999999'),
  );
  // A system record hidden by the item filter, with a change its checks would refuse.
  list.push(
    pair('/api/roles/:id, hidden', 'PATCH', `/api/roles/${ids.role}`, `/api/roles/${missingUuid}`, {
      name: '',
    }),
  );
  list.push(
    pair('/api/roles/:id, hidden', 'PATCH', `/api/roles/${ids.role}`, `/api/roles/${missingUuid}`, {
      parent: ids.role,
    }),
  );
  list.push(
    pair('/api/roles/:id, hidden', 'DELETE', `/api/roles/${ids.role}`, `/api/roles/${missingUuid}`),
  );
  // Schema: a collection (field, relation) the caller may not read vs one that does not exist.
  for (const path of ['/api/collections/%', '/api/collections/%/fields', '/api/fields/%']) {
    list.push(pair(path, 'GET', path.replace('%', closed), path.replace('%', nowhere)));
  }
  list.push(
    pair('/api/fields/:c/:f', 'GET', `/api/fields/${closed}/title`, `/api/fields/${nowhere}/title`),
  );
  list.push(
    pair('/api/fields/:c/:f', 'GET', `/api/fields/${open}/secret`, `/api/fields/${open}/secrex`),
  );
  list.push(
    pair('/api/relations/:c', 'GET', `/api/relations/${closed}`, `/api/relations/${nowhere}`),
  );
  list.push(
    pair(
      '/api/relations/:c/:f',
      'GET',
      `/api/relations/${closed}/link`,
      `/api/relations/${nowhere}/link`,
    ),
  );
  list.push(
    pair(
      '/api/relations/:c/:f',
      'GET',
      `/api/relations/${open}/link`,
      `/api/relations/${open}/title`,
    ),
  );
  for (const method of ['PATCH', 'DELETE']) {
    const body = method === 'PATCH' ? { meta: { note: 'x' } } : undefined;
    list.push(
      pair(
        '/api/collections/:c',
        method,
        `/api/collections/${closed}`,
        `/api/collections/${nowhere}`,
        body,
      ),
    );
    list.push(
      pair(
        '/api/fields/:c/:f',
        method,
        `/api/fields/${closed}/title`,
        `/api/fields/${nowhere}/title`,
        body,
      ),
    );
    list.push(
      pair(
        '/api/relations/:c/:f',
        method,
        `/api/relations/${closed}/link`,
        `/api/relations/${nowhere}/link`,
        body,
      ),
    );
  }
  list.push(
    pair('/api/fields/:c', 'POST', `/api/fields/${closed}`, `/api/fields/${nowhere}`, {
      field: 'added',
      type: 'string',
    }),
  );
  // Utilities.
  list.push(
    pair('/api/utils/sort/:c', 'POST', `/api/utils/sort/${closed}`, `/api/utils/sort/${nowhere}`, {
      item: 1,
      to: 2,
    }),
  );
  list.push(
    pair(
      '/api/utils/sort/:c, no sort field',
      'POST',
      `/api/utils/sort/${plain}`,
      `/api/utils/sort/${nowhere}`,
      {
        item: 1,
        to: 2,
      },
    ),
  );
  for (const body of [
    { item: 2, to: 3 },
    { item: 1, to: 2 },
  ]) {
    list.push({
      name: 'POST /api/utils/sort/:c, a hidden item',
      forbidden: ['POST', `/api/utils/sort/${sorted}`, body],
      missing: [
        'POST',
        `/api/utils/sort/${sorted}`,
        { ...body, [body.item === 2 ? 'item' : 'to']: 999 },
      ],
    });
  }
  for (const method of ['UPLOAD', 'UPLOAD_EMPTY']) {
    list.push(
      pair(
        '/api/utils/import/:c',
        method,
        `/api/utils/import/${plain}`,
        `/api/utils/import/${nowhere}`,
      ),
    );
  }
  return list;
}

async function send([method, path, body]: Call, who: string | undefined) {
  const uploads: Record<string, string> = { UPLOAD: '[{"title":"x"}]', UPLOAD_EMPTY: '[]' };
  if (Object.hasOwn(uploads, method)) return upload(path, who, uploads[method]);
  return app.request(path, { method, body, token: who });
}

/** The answer with the names and keys that differ between the two requests masked. */
function masked(res: { status: number; text: string }) {
  const text = [closed, nowhere, open, plain, sorted, missingUuid, ...Object.values(ids)]
    .filter(Boolean)
    .reduce((t, v) => t.split(v).join('<name>'), res.text)
    .replace(/(\\?")(999|999999|x|1|2|secret|secrex|link|title)(\\?")/g, '$1<key>$3');
  return { status: res.status, text };
}

beforeAll(async () => {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const { publicPolicyId } = await import('@/lib/access/policies');
  const db = getDb();
  for (const statement of [
    `create table ${closed} (id serial primary key, title text, sort integer, link integer)`,
    `create table ${open} (id serial primary key, title text, secret text, link integer)`,
    `create table ${plain} (id serial primary key, title text)`,
    `create table ${sorted} (id serial primary key, title text, sort integer)`,
    `insert into ${sorted} (title, sort) values ('mine', 1), ('theirs', 2), ('mine', 3)`,
    `insert into ${closed} (title, sort) values ('a', 1), ('b', 2)`,
    `insert into ${open} (title) values ('mine'), ('theirs')`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await db
    .insertInto('daas_collections')
    .values([
      { collection: closed, sort_field: 'sort' },
      { collection: sorted, sort_field: 'sort' },
    ])
    .execute();
  invalidateSchema();
  const admin = await createTokenUser({ admin: true });
  for (const [collection, target] of [
    [closed, open],
    [open, closed],
  ]) {
    const res = await app.request('/api/relations', {
      method: 'POST',
      token: admin.token,
      body: { collection, field: 'link', related_collection: target },
    });
    expect(res.status, res.text).toBe(201);
  }
  const mine = { title: { _eq: 'mine' } };
  const user = await createPermittedUser([
    { collection: open, action: 'read', fields: ['id', 'title', 'link'], permissions: mine },
    { collection: open, action: 'update', fields: ['title'], permissions: mine },
    { collection: open, action: 'delete', permissions: mine },
    { collection: sorted, action: 'update', fields: ['sort'], permissions: mine },
    // Roles the caller may change and delete: none exist with this name.
    { collection: 'daas_roles', action: 'update', permissions: { name: { _eq: 'eo-none' } } },
    { collection: 'daas_roles', action: 'delete', permissions: { name: { _eq: 'eo-none' } } },
  ]);
  token = await app.login(user.email, user.password);
  // The public policy may read the caller-visible rows of `open` too.
  await addPermissions((await publicPolicyId(db, null))!, [
    { collection: open, action: 'read', fields: ['id', 'title'], permissions: mine },
  ]);
  const role = await db
    .insertInto('daas_roles')
    .values({ name: `eo-${crypto.randomBytes(4).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const access = await db
    .selectFrom('daas_access')
    .select(['id', 'policy'])
    .where('user', '=', admin.id)
    .executeTakeFirstOrThrow();
  const permission = await db
    .selectFrom('daas_permissions')
    .select('id')
    .where('policy', '=', user.policies[0])
    .executeTakeFirstOrThrow();
  const activity = await db
    .selectFrom('daas_activity')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  Object.assign(ids, {
    activity: String(activity.id),
    user: admin.id,
    role: role.id,
    policy: access.policy!,
    access: String(access.id),
    permission: String(permission.id),
  });
});

describe.each([
  ['a signed-in non-admin', () => token],
  ['an anonymous caller', () => undefined],
])('for %s, missing and forbidden answer alike', (_who, who) => {
  it('on every verb and route', async () => {
    const forbidden: unknown[] = [];
    const missing: unknown[] = [];
    for (const c of cases()) {
      forbidden.push({ case: c.name, ...masked(await send(c.forbidden, who())) });
      missing.push({ case: c.name, ...masked(await send(c.missing, who())) });
    }
    expect(forbidden).toEqual(missing);
  });
});

describe('an anonymous caller', () => {
  it('is asked to sign in wherever it is refused, never told 403', async () => {
    const answers: { call: string; status: number }[] = [];
    for (const call of cases().flatMap((c) => [c.forbidden, c.missing])) {
      answers.push({ call: `${call[0]} ${call[1]}`, status: (await send(call, undefined)).status });
    }
    expect(answers.filter((a) => a.status === 403)).toEqual([]);
    const res = await app.request(`/api/items/${nowhere}`, {
      method: 'POST',
      body: { title: 'x' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not authenticated', code: 'UNAUTHENTICATED' });
  });

  it('still reads and misses what the public policy grants', async () => {
    expect((await app.request(`/api/items/${open}/1`)).status).toBe(200);
    expect((await app.request(`/api/items/${open}/2`)).status).toBe(404);
    expect((await app.request(`/api/items/${open}/999`)).status).toBe(404);
  });
});
