import 'server-only';
import type { Db } from '@/lib/db/client';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

export interface ResolvedAccess {
  roles: string[];
  policies: string[];
  admin: boolean;
  app: boolean;
  /** A root-scope policy demands a second factor (`enforce_tfa`). */
  enforceTfa: boolean;
}

const TTL_MS = 30_000;
const cache = new Map<string, { value: ResolvedAccess; at: number }>();
const invalidationListeners = new Set<() => void>();

function clearCaches(): void {
  cache.clear();
  for (const listener of invalidationListeners) listener();
}

/** Forget every cached resolution: called whenever roles, policies or access records change. */
export function invalidateAccessCache(): void {
  clearCaches();
  tellSiblings('access');
}

/** Lets caches derived from policies (module keys...) clear with this one. */
export function onAccessInvalidated(listener: () => void): void {
  invalidationListeners.add(listener);
}

onSiblingNotice('access', clearCaches);

export async function roleTree(db: Db, roleIds: string[]): Promise<string[]> {
  // Policies of a parent role apply to its children: walk up from every role held.
  const seen = new Set<string>();
  let frontier = roleIds.filter(Boolean);
  while (frontier.length) {
    frontier.forEach((r) => seen.add(r));
    const parents = await db
      .selectFrom('daas_roles')
      .select('parent')
      .where('id', 'in', frontier)
      .where('parent', 'is not', null)
      .execute();
    frontier = parents.map((p) => p.parent!).filter((p) => !seen.has(p));
  }
  return [...seen];
}

/**
 * The roles and policies of a user at the root scope (access records without a scope), or,
 * given a scope, at that scope: records at the root, at the scope or at any of its
 * ancestors. `admin` and `app` come from root-scope grants only, so a tenant grant never
 * makes anyone an administrator.
 */
export async function resolveUserAccess(
  db: Db,
  user: { id: string; role: string | null },
  scope?: { id: string; chain: string[] } | null,
): Promise<ResolvedAccess> {
  if (scope) return resolveScopedAccess(db, user, scope);
  const key = `${user.id}:${user.role ?? ''}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;

  const extraRoles = await db
    .selectFrom('daas_access')
    .select('role')
    .where('user', '=', user.id)
    .where('policy', 'is', null)
    .where('role', 'is not', null)
    .where('scope', 'is', null)
    .execute();
  const roles = await roleTree(db, [
    ...(user.role ? [user.role] : []),
    ...extraRoles.map((r) => r.role!),
  ]);

  let query = db
    .selectFrom('daas_access')
    .innerJoin('daas_policies', 'daas_policies.id', 'daas_access.policy')
    .select([
      'daas_policies.id',
      'daas_policies.admin_access',
      'daas_policies.app_access',
      'daas_policies.enforce_tfa',
    ])
    .where('daas_access.scope', 'is', null)
    .where((eb) =>
      roles.length
        ? eb.or([eb('daas_access.user', '=', user.id), eb('daas_access.role', 'in', roles)])
        : eb('daas_access.user', '=', user.id),
    );
  query = query.distinct();
  const rows = await query.execute();
  const value: ResolvedAccess = {
    roles,
    policies: rows.map((r) => r.id),
    admin: rows.some((r) => r.admin_access),
    app: rows.some((r) => r.admin_access || r.app_access),
    enforceTfa: rows.some((r) => r.enforce_tfa),
  };
  cache.set(key, { value, at: Date.now() });
  return value;
}

async function resolveScopedAccess(
  db: Db,
  user: { id: string; role: string | null },
  scope: { id: string; chain: string[] },
): Promise<ResolvedAccess> {
  const root = await resolveUserAccess(db, user);
  const key = `${user.id}:${user.role ?? ''}@${scope.id}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;

  const scopedRoles = await db
    .selectFrom('daas_access')
    .select('role')
    .where('user', '=', user.id)
    .where('policy', 'is', null)
    .where('role', 'is not', null)
    .where('scope', 'in', scope.chain)
    .execute();
  const roles = await roleTree(db, [...root.roles, ...scopedRoles.map((r) => r.role!)]);
  const rows = await db
    .selectFrom('daas_access')
    .select('policy')
    .distinct()
    .where('policy', 'is not', null)
    .where((eb) =>
      eb.and([
        eb.or([eb('scope', 'is', null), eb('scope', 'in', scope.chain)]),
        roles.length
          ? eb.or([eb('user', '=', user.id), eb('role', 'in', roles)])
          : eb('user', '=', user.id),
      ]),
    )
    .execute();
  const value: ResolvedAccess = {
    roles,
    policies: rows.map((r) => r.policy!),
    admin: root.admin,
    app: root.app,
    enforceTfa: root.enforceTfa,
  };
  cache.set(key, { value, at: Date.now() });
  return value;
}

let publicPolicy: { id: string | null; at: number } | null = null;
onAccessInvalidated(() => (publicPolicy = null));

/** The policy marked public, which is all an anonymous caller holds. */
export async function publicPolicyId(db: Db): Promise<string | null> {
  if (publicPolicy && Date.now() - publicPolicy.at < TTL_MS) return publicPolicy.id;
  const row = await db
    .selectFrom('daas_policies')
    .select('id')
    .where('public', '=', true)
    .executeTakeFirst();
  publicPolicy = { id: row?.id ?? null, at: Date.now() };
  return publicPolicy.id;
}
