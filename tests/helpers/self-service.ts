import crypto from 'node:crypto';
import { addPermissions, type PermissionSpec } from './permissions';
import { createUser, type CreateUserOptions, type TestUser } from './users';

/** The item filter of a permission on one's own `daas_users` row. */
export const OWN_ROW = { id: { _eq: '$CURRENT_USER' } };

export interface SelfServiceOptions extends Omit<CreateUserOptions, 'role' | 'admin' | 'app'> {
  /** Fields of a read permission on the user's own row; none: no read permission. */
  read?: string[];
  /** Fields of an update permission on the user's own row; none: no update permission. */
  update?: string[];
  /** Whether the role's policy has app access (studio users). Default false. */
  app?: boolean;
}

/**
 * A user whose role holds one policy with permissions on their own `daas_users` row only
 * (item filter `id = $CURRENT_USER`), as an administrator would give a self-service user.
 */
export async function createSelfServiceUser(options: SelfServiceOptions = {}): Promise<TestUser> {
  const { getDb } = await import('@/lib/db/client');
  const { invalidateAccessCache } = await import('@/lib/access/policies');
  const db = getDb();
  const { read, update, app, ...userOptions } = options;
  const name = `self-${crypto.randomBytes(4).toString('hex')}`;
  const role = await db
    .insertInto('daas_roles')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const policy = await db
    .insertInto('daas_policies')
    .values({ name, app_access: app ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('daas_access').values({ role: role.id, policy: policy.id }).execute();
  const specs: PermissionSpec[] = [];
  if (read)
    specs.push({ collection: 'daas_users', action: 'read', fields: read, permissions: OWN_ROW });
  if (update) {
    specs.push({
      collection: 'daas_users',
      action: 'update',
      fields: update,
      permissions: OWN_ROW,
    });
  }
  await addPermissions(policy.id, specs);
  invalidateAccessCache();
  return createUser({ ...userOptions, role: role.id });
}
