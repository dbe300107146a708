import crypto from 'node:crypto';
import { invalidateAccessCache } from '@/lib/access/policies';
import { invalidateScopeCache } from '@/lib/access/scope';
import { getDb } from '@/lib/db/client';

export interface PolicyFlags {
  admin_access?: boolean;
  app_access?: boolean;
  delegate_access?: boolean;
  module_access?: Record<string, boolean>;
}

/** A new policy straight in the database; returns its id. */
export async function createPolicy(flags: PolicyFlags = {}): Promise<string> {
  const { module_access, ...rest } = flags;
  const row = await getDb()
    .insertInto('daas_policies')
    .values({
      name: `policy-${crypto.randomBytes(4).toString('hex')}`,
      ...rest,
      module_access: JSON.stringify(module_access ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new role without policies; returns its id. */
export async function createBareRole(parent: string | null = null): Promise<string> {
  const row = await getDb()
    .insertInto('daas_roles')
    .values({ name: `role-${crypto.randomBytes(4).toString('hex')}`, parent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An access record (policy to user or role, or an extra role for a user), at a scope id or the root. */
export async function grant(row: {
  policy?: string | null;
  user?: string | null;
  role?: string | null;
  scope?: string | null;
}): Promise<void> {
  await getDb()
    .insertInto('daas_access')
    .values({
      policy: row.policy ?? null,
      user: row.user ?? null,
      role: row.role ?? null,
      scope: row.scope ?? null,
    })
    .execute();
  invalidateAccessCache();
}

/** A scope item by URI, under the item of its parent URI (which must exist). Returns its id. */
export async function createScopeItem(uri: string): Promise<string> {
  const db = getDb();
  const parentUri = uri.slice(0, uri.lastIndexOf('/'));
  const parent = parentUri
    ? (
        await db
          .selectFrom('daas_scope_items')
          .select('id')
          .where('uri', '=', parentUri)
          .executeTakeFirstOrThrow()
      ).id
    : null;
  const row = await db
    .insertInto('daas_scope_items')
    .values({ uri, name: uri, parent })
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateScopeCache();
  return row.id;
}

export function uniqueSegment(prefix = 't'): string {
  return `${prefix}${crypto.randomBytes(4).toString('hex')}`;
}
