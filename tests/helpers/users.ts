import crypto from 'node:crypto';
import { hashPassword } from '@/lib/core/passwords';
import { getDb } from '@/lib/db/client';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: string | null;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  status?: 'active' | 'invited' | 'draft' | 'suspended' | 'archived';
  /** An existing role id; see `admin` and `app` for a new role with a fresh policy. */
  role?: string | null;
  /** A new role whose policy has admin access. */
  admin?: boolean;
  /** A new role whose policy has app access (ignored with `admin` or `role`). */
  app?: boolean;
  token?: string | null;
  tfa_secret?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** A role with one new policy of the given flags; returns both ids. */
export async function createRole(
  flags: { admin?: boolean; app?: boolean; name?: string } = {},
): Promise<{ role: string; policy: string }> {
  const db = getDb();
  const name = flags.name ?? `role-${crypto.randomBytes(4).toString('hex')}`;
  const role = await db
    .insertInto('daas_roles')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const policy = await db
    .insertInto('daas_policies')
    .values({ name, admin_access: flags.admin ?? false, app_access: flags.app ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('daas_access').values({ role: role.id, policy: policy.id }).execute();
  return { role: role.id, policy: policy.id };
}

/**
 * Inserts a user straight into the database (no API involved), with a unique email and a
 * known password unless given. Without `role`, `admin` or `app` the user has no role.
 */
export async function createUser(options: CreateUserOptions = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${crypto.randomBytes(8).toString('hex')}`;
  let role = options.role ?? null;
  if (role === null && (options.admin || options.app)) {
    role = (await createRole({ admin: options.admin, app: options.app })).role;
  }
  const row = await getDb()
    .insertInto('daas_users')
    .values({
      email,
      password: await hashPassword(password),
      status: options.status ?? 'active',
      role,
      token: options.token ?? null,
      tfa_secret: options.tfa_secret ?? null,
      first_name: options.first_name ?? 'Test',
      last_name: options.last_name ?? 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, role };
}
