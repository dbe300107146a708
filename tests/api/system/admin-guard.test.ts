import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createUser } from '../../helpers/users';

const app = setupTestApp();

async function activeAdmins(): Promise<number> {
  const { adminsLeftWithout } = await import('@/lib/system/admins');
  const { getDb } = await import('@/lib/db/client');
  return adminsLeftWithout(getDb(), {});
}

async function onlyAdmins(count: number) {
  const { getDb } = await import('@/lib/db/client');
  // Everyone else who holds admin access steps aside, so these are the last ones.
  await getDb().updateTable('daas_users').set({ status: 'archived' }).execute();
  const admins = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser({ admin: true });
    admins.push({ ...user, token: await app.login(user.email, user.password) });
  }
  expect(await activeAdmins()).toBe(count);
  return admins;
}

describe('the last administrator stays, even under concurrent changes', () => {
  it('lets one of two administrators suspending each other at once through, not both', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await onlyAdmins(2);
      const suspend = (token: string, id: string) =>
        app.request(`/api/users/${id}`, {
          method: 'PATCH',
          token,
          body: { status: 'suspended' },
        });
      const results = await Promise.all([suspend(a.token, b.id), suspend(b.token, a.id)]);
      const statuses = results.map((r) => r.status).sort();
      // The loser is refused by the guard (400), or, when the winner committed first, finds
      // its own session ended by the suspension (401).
      expect(statuses[0]).toBe(200);
      expect([400, 401]).toContain(statuses[1]);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it('refuses deleting the last administrator, and leaves the row in place', async () => {
    const [last] = await onlyAdmins(1);
    const res = await app.request(`/api/users/${last.id}`, { method: 'DELETE', token: last.token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('no user with admin access');
    expect(await activeAdmins()).toBe(1);
  });
});
