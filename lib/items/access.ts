import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import {
  fieldCondition,
  permissionsFor,
  type MergedPermission,
  type PermissionAction,
} from '@/lib/access/permissions';
import { rejectingScopes, resolveScope, scopeSubtree } from '@/lib/access/scope';
import type { Db } from '@/lib/db/client';
import { ForbiddenError, UnauthenticatedError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import type { Filter } from './query';
import type { NodeAccess, ReadAccess } from './read/read-access';

export const SCOPE_COLLECTION = 'daas_scope_items';

interface Ctx {
  db: Db;
  accountability: Accountability;
  scope?: string | null;
}

/** The many-to-one field of a collection into daas_scope_items, if it has one. */
export function scopeFieldOf(schema: SchemaOverview, collection: string): string | null {
  const r = schema.relations.find(
    (rel) => rel.collection === collection && rel.related_collection === SCOPE_COLLECTION,
  );
  return r ? r.field : null;
}

export function andFilters(...parts: (Filter | null | undefined)[]): Filter | null {
  const present = parts.filter((p): p is Filter => Boolean(p && Object.keys(p).length));
  if (!present.length) return null;
  return present.length === 1 ? present[0] : { _and: present };
}

/** A filter no row meets: the primary key is never null. */
function nothing(schema: SchemaOverview, collection: string): Filter {
  const pk = schema.collections[collection]?.primary ?? 'id';
  return { [pk]: { _null: true } };
}

/**
 * Tenancy on rows. In a scoped request a collection with a scope field shows only rows of
 * that scope or below it (rows without a scope belong to no tenant and are left out). In a
 * request without a scope URI, rows of a scope set to `missing_uri_mode = 'reject'` (or
 * below one) are out of reach, so such a tenant's data is never served to a caller that did
 * not name a scope. Administrators are not limited.
 */
export interface ScopeRule {
  /** The scope field and the scope item id a create in this request defaults it to. */
  field: string;
  defaultValue: string | null;
  filter: Filter | null;
}

export async function scopeRule(
  ctx: Ctx,
  schema: SchemaOverview,
  collection: string,
): Promise<ScopeRule | null> {
  if (ctx.accountability.admin) return null;
  const field = scopeFieldOf(schema, collection);
  if (!field) return null;
  const resolved = await resolveScope(ctx.db, ctx.scope ?? null);
  if (resolved) {
    const ids = await scopeSubtree(ctx.db, resolved.item.id);
    return { field, defaultValue: resolved.item.id, filter: { [field]: { _in: ids } } };
  }
  const rejected = await rejectingScopes(ctx.db);
  const filter = rejected.length
    ? { _or: [{ [field]: { _null: true } }, { [field]: { _nin: rejected } }] }
    : null;
  return { field, defaultValue: null, filter };
}

/** No permission for the action: an anonymous caller is asked to sign in, others are refused. */
export function refusal(accountability: Accountability): Error {
  return accountability.user ? new ForbiddenError() : new UnauthenticatedError();
}

/**
 * The caller's permission for one action on one collection, with the scope's row limit
 * ANDed into its item filter; null for administrators (no checks). Throws 401/403 when the
 * caller has none.
 */
export async function permissionOf(
  ctx: Ctx,
  schema: SchemaOverview,
  collection: string,
  action: PermissionAction,
): Promise<(MergedPermission & { scope: ScopeRule | null }) | null> {
  if (ctx.accountability.admin) return null;
  const permissions = await permissionsFor(ctx.db, ctx.accountability);
  const permission = permissions.get(collection, action);
  if (!permission) throw refusal(ctx.accountability);
  const scope = await scopeRule(ctx, schema, collection);
  return { ...permission, filter: andFilters(permission.filter, scope?.filter), scope };
}

/**
 * The read access of the caller: undefined for administrators. Each collection a read
 * reaches (root, relations, relational filters, count()) gets its read permission's
 * fields and item filter, plus the scope's row limit; a collection without a read
 * permission has no readable field and no visible row. The root collection needs a read
 * permission (401/403 otherwise). With several read permissions (several policies) a field
 * is readable only on the rows of the permissions granting it (`fieldFilter`).
 */
export async function readAccessFor(
  ctx: Ctx,
  schema: SchemaOverview,
  collection: string,
): Promise<ReadAccess | undefined> {
  if (ctx.accountability.admin) return undefined;
  const permissions = await permissionsFor(ctx.db, ctx.accountability);
  if (!permissions.get(collection, 'read')) throw refusal(ctx.accountability);
  return callerReadAccess(ctx, schema, permissions);
}

/**
 * For a read the service itself allows on one system collection (its own rows, versions of
 * readable items): that collection as `root` says, and every collection a relation or a
 * relational filter reaches through the caller's own read permissions, so a relation out
 * of it shows and filters only what the caller may read elsewhere. Undefined for
 * administrators.
 */
export async function beyondReadAccessFor(
  ctx: Ctx,
  schema: SchemaOverview,
  root: { collection: string; access: NodeAccess },
): Promise<ReadAccess | undefined> {
  if (ctx.accountability.admin) return undefined;
  const permissions = await permissionsFor(ctx.db, ctx.accountability);
  const others = await callerReadAccess(ctx, schema, permissions);
  return (name) => (name === root.collection ? root.access : others(name));
}

async function callerReadAccess(
  ctx: Ctx,
  schema: SchemaOverview,
  permissions: Awaited<ReturnType<typeof permissionsFor>>,
): Promise<ReadAccess> {
  // Scope rules are resolved up front: the read access is asked synchronously, per plan node.
  const scopes = new Map<string, ScopeRule | null>();
  for (const name of Object.keys(schema.collections)) {
    if (scopeFieldOf(schema, name)) scopes.set(name, await scopeRule(ctx, schema, name));
  }
  const memo = new Map<string, NodeAccess>();
  return (name) => {
    const hit = memo.get(name);
    if (hit) return hit;
    const permission = permissions.get(name, 'read');
    const access: NodeAccess = permission
      ? {
          fields: permission.fields,
          filter: andFilters(permission.filter, scopes.get(name)?.filter),
        }
      : { fields: new Set(), filter: nothing(schema, name) };
    // Several permissions: each field is readable only on the rows of those granting it.
    if (permission && permission.rows.length > 1) {
      access.fieldFilter = (field) => fieldCondition(permission, field);
    }
    memo.set(name, access);
    return access;
  };
}
