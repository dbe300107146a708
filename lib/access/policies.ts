import 'server-only';
import type { Db } from '@/lib/db/client';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

export interface ResolvedAccess {
  roles: string[];
  policies: string[];
  admin: boolean;
  app: boolean;
}

const TTL_MS = 30_000;
const cache = new Map<string, { value: ResolvedAccess; at: number }>();

/** Forget every cached resolution: called whenever roles, policies or access records change. */
export function invalidateAccessCache(): void {
  cache.clear();
  tellSiblings('access');
}

onSiblingNotice('access', () => cache.clear());

async function roleTree(db: Db, roleIds: string[]): Promise<string[]> {
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
 * The roles and policies of a user at the root scope (access records without a scope) plus
 * the public policy. Scoped resolution builds on this in lib/access/scope.
 */
export async function resolveUserAccess(
  db: Db,
  user: { id: string; role: string | null },
): Promise<ResolvedAccess> {
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
    .select(['daas_policies.id', 'daas_policies.admin_access', 'daas_policies.app_access'])
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
  };
  cache.set(key, { value, at: Date.now() });
  return value;
}
