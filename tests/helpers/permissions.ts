import crypto from 'node:crypto';
import { createUser, type TestUser } from './users';

export interface PermissionSpec {
  collection: string;
  action: 'create' | 'read' | 'update' | 'delete' | 'share';
  /** Default: every field. */
  fields?: string[] | null;
  permissions?: Record<string, unknown> | null;
  validation?: Record<string, unknown> | null;
  presets?: Record<string, unknown> | null;
}

/** Permission rows for an existing policy, straight in the database. */
export async function addPermissions(policy: string, specs: PermissionSpec[]): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  for (const p of specs) {
    await getDb()
      .insertInto('daas_permissions')
      .values({
        policy,
        collection: p.collection,
        action: p.action,
        fields: p.fields === undefined ? JSON.stringify(['*']) : json(p.fields),
        permissions: json(p.permissions),
        validation: json(p.validation),
        presets: json(p.presets),
      })
      .execute();
  }
  invalidateAccessCache();
}

/** A policy (not admin) with the given permission rows; returns its id. */
export async function createPermissionPolicy(specs: PermissionSpec[]): Promise<string> {
  const { getDb } = await import('@/lib/db/client');
  const row = await getDb()
    .insertInto('daas_policies')
    .values({ name: `policy-${crypto.randomBytes(4).toString('hex')}`, app_access: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addPermissions(row.id, specs);
  return row.id;
}

/**
 * A non-admin user whose role carries one policy per permission set given: a user built
 * the way an administrator would build one (user → role → policies → permissions).
 */
export async function createPermittedUser(
  ...sets: PermissionSpec[][]
): Promise<TestUser & { policies: string[] }> {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  const db = getDb();
  const role = await db
    .insertInto('daas_roles')
    .values({ name: `role-${crypto.randomBytes(4).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const policies: string[] = [];
  for (const specs of sets) {
    const policy = await createPermissionPolicy(specs);
    await db.insertInto('daas_access').values({ role: role.id, policy }).execute();
    policies.push(policy);
  }
  invalidateAccessCache();
  const user = await createUser({ role: role.id });
  return { ...user, policies };
}
