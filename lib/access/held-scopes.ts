import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { UnauthenticatedError } from '@/lib/core/errors';
import { resolveUserAccess, type AccessSubject } from './policies';
import { resolveScope } from './scope';

/** A user with grants at thousands of scopes is not someone a header menu serves anyway. */
const MAX_SCOPES = 500;

export const heldScopesQuery = z.object({}).strict();

export const heldScopeResponse = z.object({
  id: z.string(),
  uri: z.string(),
  name: z.string().nullable(),
  /** Whether a policy held there opens the studio (app or admin access). */
  app_access: z.boolean(),
});

export type HeldScope = z.infer<typeof heldScopeResponse>;

export interface HeldScopes {
  data: HeldScope[];
  /** What the caller holds at the root scope itself (no scope URI); admin comes only from there. */
  meta: { root: { policies: boolean; app_access: boolean; admin: boolean } };
}

async function opensStudio(db: Db, policies: string[]): Promise<boolean> {
  if (!policies.length) return false;
  const row = await db
    .selectFrom('daas_policies')
    .select('id')
    .where('id', 'in', policies)
    .where((eb) => eb.or([eb('app_access', '=', true), eb('admin_access', '=', true)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The scopes where access records name the user, or a role they hold at the root: the
 * tenants they were let into. Scopes below those are reachable too (grants match upward),
 * but are not listed: their names belong to whoever administers the tenant.
 */
async function grantedScopeIds(db: Db, subject: AccessSubject, roles: string[]) {
  const rows = await db
    .selectFrom('daas_access')
    .select('scope')
    .distinct()
    .where('scope', 'is not', null)
    .where((eb) =>
      roles.length
        ? eb.or([eb('user', '=', subject.id), eb('role', 'in', roles)])
        : eb('user', '=', subject.id),
    )
    .execute();
  return rows.map((r) => r.scope!);
}

/**
 * The scopes a user holds grants in, each confirmed the way a request at it would resolve
 * (so a policy limited to other addresses does not count), sorted by URI.
 */
export async function heldScopes(db: Db, subject: AccessSubject): Promise<HeldScopes> {
  const root = await resolveUserAccess(db, subject);
  const ids = await grantedScopeIds(db, subject, root.roles);
  const items = ids.length
    ? await db
        .selectFrom('daas_scope_items')
        .select(['id', 'uri', 'name'])
        .where('id', 'in', ids)
        .orderBy('uri')
        .limit(MAX_SCOPES)
        .execute()
    : [];
  const data: HeldScope[] = [];
  for (const item of items) {
    // Deleted since the list was read (or not yet in this instance's tree): not offered.
    const scope = await resolveScope(db, item.uri).catch(() => null);
    if (!scope) continue;
    const access = await resolveUserAccess(db, subject, { id: scope.item.id, chain: scope.chain });
    if (!access.policies.length) continue;
    data.push({ ...item, app_access: root.app || (await opensStudio(db, access.policies)) });
  }
  return {
    data,
    meta: {
      root: { policies: root.policies.length > 0, app_access: root.app, admin: root.admin },
    },
  };
}

/** Whether the studio opens for the user anywhere: at the root or at a scope they hold. */
export async function hasAppAccessAnywhere(db: Db, subject: AccessSubject): Promise<boolean> {
  const held = await heldScopes(db, subject);
  return held.meta.root.app_access || held.data.some((s) => s.app_access);
}

/** GET /scope/me: the caller's own scopes, never anyone else's. */
export async function myScopes(ctx: Pick<RequestContext, 'db' | 'accountability'>) {
  const { user, role, ip } = ctx.accountability;
  if (!user) throw new UnauthenticatedError();
  return heldScopes(ctx.db, { id: user, role, ip });
}
