import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createPermittedUser } from '../../helpers/permissions';
import { createUser, uniqueEmail } from '../../helpers/users';

const app = setupTestApp();
let admin: string;
let plain: string;

beforeAll(async () => {
  admin = await app.adminToken();
  const user = await createUser({});
  plain = await app.login(user.email, user.password);
});

async function newUser(body: Record<string, unknown> = {}) {
  const res = await app.request('/api/users', {
    method: 'POST',
    token: admin,
    body: { email: uniqueEmail('crud'), password: 'secret-password-1', ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as Record<string, unknown>;
}

describe('POST /api/users', () => {
  it('creates a user, lower-cases the email, hashes the password and never returns it', async () => {
    const email = uniqueEmail('Mixed').toUpperCase();
    const res = await app.request('/api/users', {
      method: 'POST',
      token: admin,
      body: { email, password: 'secret-password-1', first_name: 'Ada' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.email).toBe(email.toLowerCase());
    expect(res.body.data.first_name).toBe('Ada');
    expect(res.body.data).not.toHaveProperty('password');
    expect(res.body.data).not.toHaveProperty('token');
    expect(res.body.data).not.toHaveProperty('tfa_secret');
    // The stored password is a hash the user can sign in with.
    const token = await app.login(email.toLowerCase(), 'secret-password-1');
    expect(token).toBeTruthy();
  });

  it('creates several users from an array body', async () => {
    const res = await app.request('/api/users', {
      method: 'POST',
      token: admin,
      body: [{ email: uniqueEmail('many') }, { email: uniqueEmail('many') }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(2);
  });

  it('answers 409 for an email that exists in another case', async () => {
    const first = await newUser();
    const res = await app.request('/api/users', {
      method: 'POST',
      token: admin,
      body: { email: String(first.email).toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions.code).toBe('RECORD_NOT_UNIQUE');
  });

  it('refuses an unknown status, a missing role, last_access and unknown fields', async () => {
    for (const body of [
      { email: uniqueEmail(), status: 'sleeping' },
      { email: uniqueEmail(), role: '00000000-0000-4000-8000-000000000000' },
      { email: uniqueEmail(), last_access: new Date().toISOString() },
      { email: uniqueEmail(), nonsense: 1 },
    ]) {
      const res = await app.request('/api/users', { method: 'POST', token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    }
  });

  it('answers 401 without credentials and 403 for a user without permissions', async () => {
    const anon = await app.request('/api/users', {
      method: 'POST',
      body: { email: uniqueEmail() },
    });
    expect(anon.status).toBe(401);
    const res = await app.request('/api/users', {
      method: 'POST',
      token: plain,
      body: { email: uniqueEmail() },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/users', () => {
  it('lists with filter, sort, limit, fields and meta', async () => {
    const tag = `list-${Date.now()}`;
    await newUser({ first_name: 'B', last_name: tag });
    await newUser({ first_name: 'A', last_name: tag });
    const res = await app.request(
      `/api/users?filter[last_name][_eq]=${tag}&sort=first_name&limit=1&fields=id,first_name&meta=filter_count`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: expect.any(String), first_name: 'A' }]);
    expect(res.body.meta.filter_count).toBe(2);
  });

  it('never returns write-only fields from *', async () => {
    const res = await app.request('/api/users?limit=-1', { token: admin });
    expect(res.status).toBe(200);
    for (const u of res.body.data) {
      expect(Object.keys(u)).not.toEqual(expect.arrayContaining(['password']));
      expect(u).not.toHaveProperty('token');
      expect(u).not.toHaveProperty('tfa_secret');
    }
  });

  it('refuses write-only fields named in fields, filter, sort and search', async () => {
    for (const q of [
      'fields=password',
      'fields=id,token',
      'filter[password][_nnull]=true',
      'filter[tfa_secret][_null]=true',
      'sort=password',
      'sort=-token',
    ]) {
      const res = await app.request(`/api/users?${q}`, { token: admin });
      expect(res.status, q).toBe(403);
    }
  });

  it('cannot reach a password through a relation from another system collection', async () => {
    const res = await app.request('/api/access?fields=user.password', { token: admin });
    expect(res.status).toBe(403);
  });

  it('answers 403 to a user without a read permission on daas_users', async () => {
    const res = await app.request('/api/users', { token: plain });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('lets a user granted read on some fields list just those fields', async () => {
    const user = await createPermittedUser([
      { collection: 'daas_users', action: 'read', fields: ['id', 'email'] },
    ]);
    const token = await app.login(user.email, user.password);
    const res = await app.request(`/api/users?filter[id][_eq]=${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: user.id, email: user.email }]);
    const denied = await app.request('/api/users?fields=first_name', { token });
    expect(denied.status).toBe(403);
  });
});

describe('GET/PATCH/DELETE /api/users/:id', () => {
  it('reads one user, and 404 for an unknown or malformed id', async () => {
    const u = await newUser();
    const res = await app.request(`/api/users/${u.id}?fields=email`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ email: u.email });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await app.request(`/api/users/${id}`, { token: admin });
      expect(missing.status).toBe(404);
    }
  });

  it('updates one user: a new password signs in, the email is lower-cased', async () => {
    const u = await newUser();
    const email = uniqueEmail('Upd').toUpperCase();
    const res = await app.request(`/api/users/${u.id}`, {
      method: 'PATCH',
      token: admin,
      body: { email, password: 'another-password-2', status: 'active' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(email.toLowerCase());
    expect(res.body.data).not.toHaveProperty('password');
    expect(await app.login(email.toLowerCase(), 'another-password-2')).toBeTruthy();
  });

  it('keeps the password out of the revision of the change', async () => {
    const u = await newUser();
    const { getDb } = await import('@/lib/db/client');
    const { sql } = await import('kysely');
    const { rows } = await sql<{ data: unknown; delta: unknown }>`
      select data, delta from daas_revisions
      where collection = 'daas_users' and item = ${String(u.id)}`.execute(getDb());
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain('password');
  });

  it('answers 409 when the new email belongs to someone else', async () => {
    const a = await newUser();
    const b = await newUser();
    const res = await app.request(`/api/users/${b.id}`, {
      method: 'PATCH',
      token: admin,
      body: { email: a.email },
    });
    expect(res.status).toBe(409);
  });

  it('deletes one user with 204, then 404', async () => {
    const u = await newUser();
    const res = await app.request(`/api/users/${u.id}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(204);
    const again = await app.request(`/api/users/${u.id}`, { token: admin });
    expect(again.status).toBe(404);
  });
});

describe('batch writes on /api/users', () => {
  it('updates by keys and by query, and deletes by keys', async () => {
    const a = await newUser();
    const b = await newUser();
    const byKeys = await app.request('/api/users?fields=id,title', {
      method: 'PATCH',
      token: admin,
      body: { keys: [a.id, b.id], data: { title: 'batched' } },
    });
    expect(byKeys.status).toBe(200);
    expect(byKeys.body.data).toHaveLength(2);
    expect(byKeys.body.data.every((u: { title: string }) => u.title === 'batched')).toBe(true);

    const byQuery = await app.request('/api/users?fields=title', {
      method: 'PATCH',
      token: admin,
      body: { query: { filter: { id: { _eq: a.id } } }, data: { title: 'one' } },
    });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.data).toEqual([{ title: 'one' }]);

    const del = await app.request('/api/users', {
      method: 'DELETE',
      token: admin,
      body: [a.id, b.id],
    });
    expect(del.status).toBe(204);
    const left = await app.request(`/api/users?filter[id][_in]=${a.id},${b.id}`, { token: admin });
    expect(left.body.data).toEqual([]);
  });

  it('refuses a batch update filtering on a write-only field', async () => {
    const res = await app.request('/api/users', {
      method: 'PATCH',
      token: admin,
      body: { query: { filter: { password: { _nnull: true } } }, data: { title: 'x' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('events of /api/users', () => {
  it('runs filter and action hooks of daas_users.items.* and items.*', async () => {
    const { emitter } = await import('@/lib/events/emitter');
    const seen: string[] = [];
    const offs = [
      emitter().onAction('daas_users.items.create', () => void seen.push('users.create')),
      emitter().onAction(
        'items.create',
        (meta) => void seen.push(`items.create:${meta.collection}`),
      ),
      emitter().onFilter('daas_users.items.read', (payload) => {
        seen.push('users.read');
        return payload;
      }),
    ];
    try {
      await newUser();
      await app.request('/api/users?limit=1', { token: admin });
      await expect
        .poll(() => seen)
        .toEqual(expect.arrayContaining(['users.create', 'items.create:daas_users', 'users.read']));
    } finally {
      offs.forEach((off) => off());
    }
  });
});
