import 'server-only';
import type { Db } from '@/lib/db/client';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { ipAllowed } from './ip-access';

export interface ResolvedAccess {
  roles: string[];
  policies: string[];
  admin: boolean;
  app: boolean;
  /** A root-scope policy demands a second factor (`enforce_tfa`). */
  enforceTfa: boolean;
}

const TTL_MS = 30_000;
const cache = new Map<string, { value: Held; at: number }>();
const invalidationListeners = new Set<() => void>();

// Bumped by every invalidation: a load that started before one must not cache what it read
// (it may predate the change), or a revoked policy would live on for the whole TTL.
let generation = 0;

function clearCaches(): void {
  generation++;
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

/**
 * Every role whose policies apply, ancestors first: roots, then their children, ..., the
 * roles held last, and among roles of one depth the first one given (the user's own role)
 * last. That is the order in which their policies merge (see orderPolicies).
 */
export async function roleTree(db: Db, roleIds: string[]): Promise<string[]> {
  // Policies of a parent role apply to its children: walk up from every role held.
  const parentOf = new Map<string, string | null>();
  let frontier = [...new Set(roleIds.filter(Boolean))];
  while (frontier.length) {
    const rows = await db
      .selectFrom('daas_roles')
      .select(['id', 'parent'])
      .where('id', 'in', frontier)
      .execute();
    for (const r of frontier) parentOf.set(r, null);
    for (const r of rows) parentOf.set(r.id, r.parent);
    frontier = [...new Set(rows.map((r) => r.parent))].filter(
      (p): p is string => p !== null && !parentOf.has(p),
    );
  }
  const depth = (role: string): number => {
    let n = 0;
    const seen = new Set([role]);
    for (let p = parentOf.get(role); p && parentOf.has(p) && !seen.has(p); p = parentOf.get(p)) {
      seen.add(p);
      n++;
    }
    return n;
  };
  const found = [...parentOf.keys()].reverse();
  const depths = new Map(found.map((r) => [r, depth(r)]));
  return found.sort((a, b) => depths.get(a)! - depths.get(b)!);
}

interface AccessRecord {
  id: string;
  role: string | null;
  sort: number | null;
  policy: string | null;
}

/**
 * The order of a user's policies, which decides whose presets win a clash (the later one),
 * as in Directus: the policies of roles in `roles` order (parents first), then the user's
 * own; within each, by the access records' `sort` (records without one last), then by id so
 * the order is stable. A policy reached twice keeps its first place.
 */
function orderPolicies<T extends AccessRecord>(
  records: T[],
  roles: string[],
): (T & { policy: string })[] {
  const rank = (r: AccessRecord) => (r.role === null ? roles.length : roles.indexOf(r.role));
  const sorted = [...records].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const seen = new Set<string>();
  return sorted.filter(
    (r): r is T & { policy: string } =>
      r.policy !== null && !seen.has(r.policy) && Boolean(seen.add(r.policy)),
  );
}

/** A policy a user holds, before the request's address decides whether it applies. */
interface HeldPolicy {
  id: string;
  admin: boolean;
  app: boolean;
  enforceTfa: boolean;
  ipAccess: unknown;
}

/** What is cached per user (and scope): independent of the address a request comes from. */
interface Held {
  roles: string[];
  policies: HeldPolicy[];
}

/** Who asks, and from where: a policy with `ip_access` applies only from those addresses. */
export interface AccessSubject {
  id: string;
  role: string | null;
  ip: string | null;
}

function cached(key: string): Held | null {
  const hit = cache.get(key);
  return hit && Date.now() - hit.at < TTL_MS ? hit.value : null;
}

/**
 * Applies the request's address to what the user holds: a policy whose `ip_access` does not
 * list the address is left out entirely (its permissions, admin and app access). Only
 * `enforce_tfa` counts whatever the address, since it only ever asks more of the caller.
 */
function fromAddress(held: Held, ip: string | null): ResolvedAccess {
  const applying = held.policies.filter((p) => ipAllowed(p.ipAccess, ip));
  return {
    roles: held.roles,
    policies: applying.map((p) => p.id),
    admin: applying.some((p) => p.admin),
    app: applying.some((p) => p.admin || p.app),
    enforceTfa: held.policies.some((p) => p.enforceTfa),
  };
}

async function heldAtRoot(db: Db, user: { id: string; role: string | null }): Promise<Held> {
  const key = `${user.id}:${user.role ?? ''}`;
  const hit = cached(key);
  if (hit) return hit;
  const started = generation;

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

  const rows = await db
    .selectFrom('daas_access')
    .innerJoin('daas_policies', 'daas_policies.id', 'daas_access.policy')
    .select([
      'daas_access.id',
      'daas_access.role',
      'daas_access.sort',
      'daas_access.policy',
      'daas_policies.admin_access',
      'daas_policies.app_access',
      'daas_policies.enforce_tfa',
      'daas_policies.ip_access',
    ])
    .where('daas_access.scope', 'is', null)
    .where((eb) =>
      roles.length
        ? eb.or([eb('daas_access.user', '=', user.id), eb('daas_access.role', 'in', roles)])
        : eb('daas_access.user', '=', user.id),
    )
    .execute();
  const value: Held = {
    roles,
    policies: orderPolicies(rows, roles).map((r) => ({
      id: r.policy,
      admin: r.admin_access,
      app: r.app_access,
      enforceTfa: r.enforce_tfa,
      ipAccess: r.ip_access,
    })),
  };
  if (started === generation) cache.set(key, { value, at: Date.now() });
  return value;
}

/**
 * The roles and policies of a user at the root scope (access records without a scope), or,
 * given a scope, at that scope: records at the root, at the scope or at any of its
 * ancestors. `admin` and `app` come from root-scope grants only, so a tenant grant never
 * makes anyone an administrator. Policies limited to other addresses (`ip_access`) than
 * the subject's are left out.
 */
export async function resolveUserAccess(
  db: Db,
  subject: AccessSubject,
  scope?: { id: string; chain: string[] } | null,
): Promise<ResolvedAccess> {
  const root = fromAddress(await heldAtRoot(db, subject), subject.ip);
  if (!scope) return root;
  const held = await heldAtScope(db, subject, root.roles, scope);
  const scoped = fromAddress(held, subject.ip);
  return { ...scoped, admin: root.admin, app: root.app, enforceTfa: root.enforceTfa };
}

async function heldAtScope(
  db: Db,
  user: { id: string; role: string | null },
  rootRoles: string[],
  scope: { id: string; chain: string[] },
): Promise<Held> {
  const key = `${user.id}:${user.role ?? ''}@${scope.id}`;
  const hit = cached(key);
  if (hit) return hit;
  const started = generation;

  const scopedRoles = await db
    .selectFrom('daas_access')
    .select('role')
    .where('user', '=', user.id)
    .where('policy', 'is', null)
    .where('role', 'is not', null)
    .where('scope', 'in', scope.chain)
    .execute();
  const roles = await roleTree(db, [...rootRoles, ...scopedRoles.map((r) => r.role!)]);
  const rows = await db
    .selectFrom('daas_access')
    .innerJoin('daas_policies', 'daas_policies.id', 'daas_access.policy')
    .select([
      'daas_access.id',
      'daas_access.role',
      'daas_access.sort',
      'daas_access.policy',
      'daas_policies.ip_access',
    ])
    .where((eb) =>
      eb.and([
        eb.or([eb('daas_access.scope', 'is', null), eb('daas_access.scope', 'in', scope.chain)]),
        roles.length
          ? eb.or([eb('daas_access.user', '=', user.id), eb('daas_access.role', 'in', roles)])
          : eb('daas_access.user', '=', user.id),
      ]),
    )
    .execute();
  const value: Held = {
    roles,
    policies: orderPolicies(rows, roles).map((r) => ({
      id: r.policy,
      admin: false,
      app: false,
      enforceTfa: false,
      ipAccess: r.ip_access,
    })),
  };
  if (started === generation) cache.set(key, { value, at: Date.now() });
  return value;
}

let publicPolicy: { id: string | null; ipAccess: unknown; at: number } | null = null;
onAccessInvalidated(() => (publicPolicy = null));

/**
 * The policy marked public, which is all an anonymous caller holds: null when there is none
 * or when its `ip_access` does not list the caller's address.
 */
export async function publicPolicyId(db: Db, ip: string | null): Promise<string | null> {
  if (!publicPolicy || Date.now() - publicPolicy.at >= TTL_MS) {
    const row = await db
      .selectFrom('daas_policies')
      .select(['id', 'ip_access'])
      .where('public', '=', true)
      .executeTakeFirst();
    publicPolicy = { id: row?.id ?? null, ipAccess: row?.ip_access ?? null, at: Date.now() };
  }
  return publicPolicy.id && ipAllowed(publicPolicy.ipAccess, ip) ? publicPolicy.id : null;
}
