import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { addPermissions, createPermissionPolicy } from '../../helpers/permissions';
import { createUser } from '../../helpers/users';

/**
 * A policy with an `ip_access` list applies only to requests from those addresses. Without
 * TRUST_PROXY the client address is the TCP peer, else the last X-Forwarded-For hop (the one
 * the nearest proxy appended): the requests here carry it in that header.
 */
const app = setupTestApp();

function from(ip: string | null, token?: string) {
  const headers: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {};
  return { token, headers };
}

async function setIpAccess(policy: string, ipAccess: string[] | null) {
  const res = await app.request(`/api/policies/${policy}`, {
    method: 'PATCH',
    token: await app.adminToken(),
    body: { ip_access: ipAccess },
  });
  expect(res.status).toBe(200);
}

/** A user with a static token whose role holds the given policy. */
async function userWith(policy: string) {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  const db = getDb();
  const role = await db
    .insertInto('daas_roles')
    .values({ name: `role-${crypto.randomBytes(4).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('daas_access').values({ role: role.id, policy }).execute();
  invalidateAccessCache();
  const token = `tok_${crypto.randomBytes(16).toString('hex')}`;
  await createUser({ role: role.id, token });
  return token;
}

beforeAll(async () => {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateSchema } = await import('@/lib/schema/overview');
  const db = getDb();
  await sql`create table ip_notes (id serial primary key, body text)`.execute(db);
  await sql`insert into ip_notes (body) values ('hello')`.execute(db);
  invalidateSchema();
});

describe('a policy limited to addresses (ip_access)', () => {
  it('grants its permissions only from a listed range, whatever was cached before', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['10.1.0.0/16', '192.0.2.7']);
    const token = await userWith(policy);

    expect((await app.request('/api/items/ip_notes', from('10.1.2.3', token))).status).toBe(200);
    expect((await app.request('/api/items/ip_notes', from('10.2.0.1', token))).status).toBe(403);
    expect((await app.request('/api/items/ip_notes', from('192.0.2.7', token))).status).toBe(200);
    expect((await app.request('/api/items/ip_notes', from('192.0.2.8', token))).status).toBe(403);
    // The same user again from inside the range: the refusal above was not cached.
    expect((await app.request('/api/items/ip_notes', from('10.1.200.9', token))).status).toBe(200);
  });

  it('matches an IPv4 client seen in its IPv6-mapped form', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['10.1.0.0/16']);
    const token = await userWith(policy);
    const res = await app.request('/api/items/ip_notes', from('::ffff:10.1.2.3', token));
    expect(res.status).toBe(200);
  });

  it('matches IPv6 ranges', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['2001:db8::/32']);
    const token = await userWith(policy);
    expect((await app.request('/api/items/ip_notes', from('2001:db8::5', token))).status).toBe(200);
    expect((await app.request('/api/items/ip_notes', from('2001:db9::5', token))).status).toBe(403);
  });

  it('does not apply when the client address is unknown', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['10.1.0.0/16']);
    const token = await userWith(policy);
    expect((await app.request('/api/items/ip_notes', from(null, token))).status).toBe(403);
  });

  it('applies everywhere again once the list is cleared', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['10.1.0.0/16']);
    const token = await userWith(policy);
    expect((await app.request('/api/items/ip_notes', from('172.16.0.1', token))).status).toBe(403);
    await setIpAccess(policy, null);
    expect((await app.request('/api/items/ip_notes', from('172.16.0.1', token))).status).toBe(200);
  });

  it('is left out of the effective permissions listed from another address', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(policy, ['10.1.0.0/16']);
    const token = await userWith(policy);
    const inside = await app.request('/api/permissions/me', from('10.1.0.1', token));
    const outside = await app.request('/api/permissions/me', from('10.9.0.1', token));
    const collections = (res: typeof inside) =>
      (res.body.data as { collection: string }[]).map((p) => p.collection);
    expect(collections(inside)).toContain('ip_notes');
    expect(collections(outside)).not.toContain('ip_notes');
  });

  it('does not make anyone an administrator from another address', async () => {
    const { getDb } = await import('@/lib/db/client');
    const admin = await getDb()
      .insertInto('daas_policies')
      .values({ name: `admin-${crypto.randomBytes(4).toString('hex')}`, admin_access: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setIpAccess(admin.id, ['10.1.0.0/16']);
    const token = await userWith(admin.id);

    const inside = await app.request('/api/roles', from('10.1.0.1', token));
    expect(inside.status).toBe(200);
    const outside = await app.request('/api/roles', from('10.9.0.1', token));
    expect(outside.status).toBe(403);
    const me = await app.request('/api/permissions/me', from('10.9.0.1', token));
    expect(me.body.data.some((p: { collection: string }) => p.collection === 'daas_roles')).toBe(
      false,
    );
  });

  it('leaves the public policy out for anonymous callers from other addresses', async () => {
    const { getDb } = await import('@/lib/db/client');
    const { publicPolicyId } = await import('@/lib/access/policies');
    const publicPolicy = (await publicPolicyId(getDb(), null))!;
    await addPermissions(publicPolicy, [{ collection: 'ip_notes', action: 'read' }]);
    await setIpAccess(publicPolicy, ['10.1.0.0/16']);
    try {
      expect((await app.request('/api/items/ip_notes', from('10.1.0.1'))).status).toBe(200);
      expect((await app.request('/api/items/ip_notes', from('10.9.0.1'))).status).toBe(401);
    } finally {
      await setIpAccess(publicPolicy, null);
      await getDb()
        .deleteFrom('daas_permissions')
        .where('policy', '=', publicPolicy)
        .where('collection', '=', 'ip_notes')
        .execute();
    }
  });

  it.each(['10.0.0.0/33', 'not-an-address', '10.0.0.1/8/2', ''])(
    'is refused with 400 when an entry is not an address or range (%j)',
    async (entry) => {
      const res = await app.request('/api/policies', {
        method: 'POST',
        token: await app.adminToken(),
        body: { name: 'bad ip list', ip_access: ['10.0.0.1', entry] },
      });
      expect(res.status).toBe(400);
    },
  );
});

describe('an address list on an administrator policy', () => {
  /** Administrator policies valid from everywhere: here, the built-in administrator's alone. */
  async function adminPolicies(): Promise<string[]> {
    const { getDb } = await import('@/lib/db/client');
    const rows = await getDb()
      .selectFrom('daas_policies')
      .select('id')
      .where('admin_access', '=', true)
      .where('ip_access', 'is', null)
      .execute();
    expect(rows).toHaveLength(1);
    return rows.map((r) => r.id);
  }

  it('is refused when it leaves out the address the change comes from and no other administrator remains', async () => {
    const admin = await app.adminToken();
    const [policy] = await adminPolicies();
    const res = await app.request(`/api/policies/${policy}`, {
      method: 'PATCH',
      ...from('10.9.0.1', admin),
      body: { ip_access: ['10.1.0.0/16'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('leave no user with admin access');
    // Nothing changed: the administrator still works from anywhere.
    expect((await app.request('/api/roles', from('10.9.0.1', admin))).status).toBe(200);
  });

  it('is accepted when it includes the address the change comes from', async () => {
    const admin = await app.adminToken();
    const [policy] = await adminPolicies();
    const set = (ipAccess: string[] | null) =>
      app.request(`/api/policies/${policy}`, {
        method: 'PATCH',
        ...from('10.1.2.3', admin),
        body: { ip_access: ipAccess },
      });
    expect((await set(['10.1.0.0/16'])).status).toBe(200);
    expect((await set(null)).status).toBe(200);
  });

  it('is refused for a non-admin caller whatever the list', async () => {
    const policy = await createPermissionPolicy([{ collection: 'ip_notes', action: 'read' }]);
    const token = await userWith(policy);
    const [adminPolicy] = await adminPolicies();
    const res = await app.request(`/api/policies/${adminPolicy}`, {
      method: 'PATCH',
      ...from('10.1.0.1', token),
      body: { ip_access: ['10.1.0.0/16'] },
    });
    expect(res.status).toBe(403);
  });
});
