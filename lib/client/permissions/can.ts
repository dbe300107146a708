import type { MyPermissionRow, MyPermissions, PermissionAction } from './types';

/**
 * Pure readers of `GET /api/permissions/me`, so the studio hides what the server would
 * refuse. The server stays the guard: these only decide what to show.
 *
 * The answer lists one row per granting policy; an administrator gets synthetic rows (no
 * id, empty policy, fields `*`) for every collection, so the same readers serve both.
 */

type Source = Pick<MyPermissions, 'data'> | null | undefined;

function rowsFor(
  permissions: Source,
  collection: string,
  action: PermissionAction,
): MyPermissionRow[] {
  if (!permissions) return [];
  return permissions.data.filter((r) => r.collection === collection && r.action === action);
}

/** Whether any policy grants `action` on `collection` (unknown or still loading: no). */
export function can(permissions: Source, collection: string, action: PermissionAction): boolean {
  return rowsFor(permissions, collection, action).length > 0;
}

/**
 * The fields `action` may touch on `collection`, merged as the server merges them: `'*'`
 * when any policy grants every field, else the union of the lists (a row without a list
 * grants none, as the server fails closed), in first-seen order.
 */
export function allowedFields(
  permissions: Source,
  collection: string,
  action: PermissionAction,
): '*' | string[] {
  const fields = new Set<string>();
  for (const row of rowsFor(permissions, collection, action)) {
    const list = row.fields ?? [];
    if (list.includes('*')) return '*';
    for (const field of list) fields.add(field);
  }
  return [...fields];
}

/** Whether `field` of `collection` is open to `action`. */
export function canField(
  permissions: Source,
  collection: string,
  action: PermissionAction,
  field: string,
): boolean {
  const fields = allowedFields(permissions, collection, action);
  return fields === '*' || fields.includes(field);
}

/**
 * Whether `action` reaches only some items (every granting policy restricts rows by a
 * filter), so "all items" wording or bulk actions may not apply to everything.
 */
export function isItemRestricted(
  permissions: Source,
  collection: string,
  action: PermissionAction,
): boolean {
  const rows = rowsFor(permissions, collection, action);
  return rows.length > 0 && rows.every((r) => r.permissions !== null);
}

/** Whether the answer is the administrator's (synthetic rows: no id and no policy). */
export function isAdmin(permissions: Source): boolean {
  return Boolean(permissions?.data.some((r) => r.id === null && r.policy === ''));
}
