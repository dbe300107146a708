import 'server-only';
import { isRecord } from '@/lib/core/guards';
import type { Db } from '@/lib/db/client';

/**
 * Grants die with what they grant. A permission names its collection and its fields by
 * name only, so a grant left behind after a drop would apply at once to a later collection
 * or field of the same name. The schema services call these in the transaction that drops
 * the collection or field, then `invalidatePermissionsCache()` once it has committed.
 *
 * Item filters and validation rules naming a dropped field are left as they are: they only
 * restrict, and taking a clause out would widen what the permission allows.
 */

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A stored field list (an array, or the comma-separated string older rows may hold). */
function fieldList(value: unknown): string[] | null {
  const v = parsed(value);
  if (typeof v === 'string') return v.split(',').map((f) => f.trim());
  return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : null;
}

function objectOf(value: unknown): Record<string, unknown> | null {
  const v = parsed(value);
  return isRecord(v) ? v : null;
}

/** Every permission on the collection goes: the collection is gone. */
export async function forgetCollectionGrants(db: Db, collection: string): Promise<void> {
  await db.deleteFrom('daas_permissions').where('collection', '=', collection).execute();
}

/**
 * Takes the fields out of every permission on the collection: out of its field list and
 * out of its presets. A list that held only these fields becomes empty (no field), never
 * null or `*`.
 */
export async function forgetFieldGrants(
  db: Db,
  collection: string,
  fields: readonly string[],
): Promise<void> {
  if (!fields.length) return;
  const gone = new Set(fields);
  const rows = await db
    .selectFrom('daas_permissions')
    .select(['id', 'fields', 'presets'])
    .where('collection', '=', collection)
    .execute();
  for (const row of rows) {
    const list = fieldList(row.fields);
    const presets = objectOf(row.presets);
    const keptFields = list?.filter((f) => !gone.has(f));
    const keptPresets = presets
      ? Object.fromEntries(Object.entries(presets).filter(([k]) => !gone.has(k)))
      : null;
    const fieldsChanged = list !== null && keptFields!.length !== list.length;
    const presetsChanged =
      presets !== null && Object.keys(keptPresets!).length !== Object.keys(presets).length;
    if (!fieldsChanged && !presetsChanged) continue;
    await db
      .updateTable('daas_permissions')
      .set({
        ...(fieldsChanged && { fields: JSON.stringify(keptFields) }),
        ...(presetsChanged && { presets: JSON.stringify(keptPresets) }),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Brings every permission in line with the schema as it now is: permissions on collections
 * that no longer exist are deleted, fields that no longer exist leave the others. For
 * changes made outside the schema services (raw SQL operations).
 */
export async function pruneGrants(
  db: Db,
  schema: { collections: Record<string, { fields: Record<string, unknown> }> },
): Promise<void> {
  const rows = await db
    .selectFrom('daas_permissions')
    .select(['collection', 'fields', 'presets'])
    .execute();
  const missing = new Map<string, Set<string>>();
  for (const row of rows) {
    const collection = Object.hasOwn(schema.collections, row.collection)
      ? schema.collections[row.collection]
      : null;
    if (!collection) {
      await forgetCollectionGrants(db, row.collection);
      continue;
    }
    const named = [
      ...(fieldList(row.fields) ?? []),
      ...Object.keys(objectOf(row.presets) ?? {}),
    ].filter((f) => f !== '*' && !Object.hasOwn(collection.fields, f));
    if (!named.length) continue;
    const set = missing.get(row.collection) ?? new Set<string>();
    named.forEach((f) => set.add(f));
    missing.set(row.collection, set);
  }
  for (const [collection, fields] of missing) await forgetFieldGrants(db, collection, [...fields]);
}
