import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Accountability } from '@/lib/core/accountability';
import { moduleAccessOf, type ModuleAccess } from './module-keys';
import { permissionsFor, PERMISSION_ACTIONS, type PermissionRow } from './permissions';
import { ipAllowed } from './ip-access';
import { roleTree } from './policies';

interface Ctx {
  db: Db;
  accountability: Accountability;
  scope?: string | null;
}

type EffectiveRow = Omit<PermissionRow, 'id'> & { id: number | null };

interface DebugInfo {
  policy: { id: string; name: string | null } | null;
  access: { id: string; role: string | null; user: string | null; scope: string | null }[];
}

export interface PermissionsMe {
  data: (EffectiveRow & { debug?: DebugInfo })[];
  moduleAccess: ModuleAccess;
  meta: { resource_uri: string | null };
}

/** Every role a user holds at any scope, with their ancestors. */
async function allRoles(db: Db, user: { id: string; role: string | null }): Promise<string[]> {
  const extra = await db
    .selectFrom('daas_access')
    .select('role')
    .where('user', '=', user.id)
    .where('policy', 'is', null)
    .where('role', 'is not', null)
    .execute();
  return roleTree(db, [...(user.role ? [user.role] : []), ...extra.map((r) => r.role!)]);
}

/**
 * The flat (unscoped) view: every policy the user holds at any scope, as before scopes
 * existed. Admin status still comes from the root scope only.
 */
export async function flatPolicies(db: Db, accountability: Accountability): Promise<string[]> {
  if (!accountability.user) return accountability.policies;
  const roles = await allRoles(db, { id: accountability.user, role: accountability.role });
  const rows = await db
    .selectFrom('daas_access')
    .innerJoin('daas_policies', 'daas_policies.id', 'daas_access.policy')
    .select(['daas_policies.id', 'daas_policies.ip_access'])
    .distinct()
    .where((eb) =>
      roles.length
        ? eb.or([
            eb('daas_access.user', '=', accountability.user),
            eb('daas_access.role', 'in', roles),
          ])
        : eb('daas_access.user', '=', accountability.user),
    )
    .execute();
  // A policy limited to other addresses does not apply to this request.
  return rows.filter((r) => ipAllowed(r.ip_access, accountability.ip)).map((r) => r.id);
}

async function debugInfo(db: Db, rows: EffectiveRow[], who: Accountability): Promise<DebugInfo[]> {
  const policyIds = [...new Set(rows.map((r) => r.policy).filter(Boolean))];
  const policies = policyIds.length
    ? await db
        .selectFrom('daas_policies')
        .select(['id', 'name'])
        .where('id', 'in', policyIds)
        .execute()
    : [];
  const access = policyIds.length
    ? await db
        .selectFrom('daas_access')
        .select(['id', 'role', 'user', 'scope', 'policy'])
        .where('policy', 'in', policyIds)
        .where((eb) =>
          who.roles.length
            ? eb.or([eb('user', '=', who.user), eb('role', 'in', who.roles)])
            : eb('user', '=', who.user),
        )
        .execute()
    : [];
  return rows.map((r) => {
    const policy = policies.find((p) => p.id === r.policy);
    return {
      policy: policy ? { id: policy.id, name: policy.name } : null,
      access: access
        .filter((a) => a.policy === r.policy)
        .map((a) => ({ id: a.id, role: a.role, user: a.user, scope: a.scope })),
    };
  });
}

/**
 * GET /api/permissions/me. Without a scope URI the flat view (policies held at any scope);
 * with an empty one the root scope; with a concrete one the policies resolved there with
 * ancestor matching (the request context already holds those). An administrator gets
 * full rights on every collection.
 */
export async function permissionsMe(
  input: { debug: boolean; scopeGiven: boolean; collections: string[] },
  ctx: Ctx,
): Promise<PermissionsMe> {
  const who = ctx.accountability;
  const policies = input.scopeGiven ? who.policies : await flatPolicies(ctx.db, who);
  const holder = { admin: who.admin, policies };
  let data: EffectiveRow[];
  if (who.admin) {
    data = input.collections.flatMap((collection) =>
      PERMISSION_ACTIONS.map((action) => ({
        id: null,
        policy: '',
        collection,
        action,
        fields: ['*'],
        permissions: null,
        validation: null,
        presets: null,
      })),
    );
  } else {
    data = (await permissionsFor(ctx.db, holder)).rows;
  }
  const moduleAccess = await moduleAccessOf(ctx.db, holder);
  const meta = { resource_uri: ctx.scope ?? null };
  if (!input.debug || who.admin) return { data, moduleAccess, meta };
  const debug = await debugInfo(ctx.db, data, who);
  return { data: data.map((row, i) => ({ ...row, debug: debug[i] })), moduleAccess, meta };
}
