import type { Filter } from '../query';

/** What the caller may read in one collection: readable fields and an item filter. */
export interface NodeAccess {
  fields: Set<string> | '*';
  /** ANDed into every read of the collection, at the root and wherever it is nested. */
  filter: Filter | null;
  /**
   * The rows (within `filter`) on which one readable field may be read, when that is fewer:
   * the field is null elsewhere, and filters, sorts, searches and aggregates over it see
   * only those rows. Absent or null: everywhere `filter` allows (a single permission).
   */
  fieldFilter?: (field: string) => Filter | null;
}

/**
 * What the caller may read, per collection (not a database policy: the merged outcome of the
 * caller's permissions and scope). The access layer's hook into reads, asked once per plan node. Without one the read is an
 * admin read: every field, every row, and a missing field is a 400 naming it. With one, a
 * refused field and a missing one give the same 403, so names cannot be probed.
 */
export type ReadAccess = (collection: string) => NodeAccess;

export const FULL_ACCESS: ReadAccess = () => ({ fields: '*', filter: null });

// An administrator's read still loses the write-only fields (lib/access/write-only.ts), but
// is not "restricted": a missing field stays a 400 naming it, rows are not filtered.
const adminAccesses = new WeakSet<ReadAccess>();

export function adminReadAccess(readAccess: ReadAccess): ReadAccess {
  adminAccesses.add(readAccess);
  return readAccess;
}

/** A read access that limits the caller (not an admin read with only write-only fields hidden). */
export function isRestricted(readAccess: ReadAccess | undefined): readAccess is ReadAccess {
  return Boolean(readAccess) && !adminAccesses.has(readAccess!);
}

export function allowsField(access: NodeAccess, field: string): boolean {
  return access.fields === '*' || access.fields.has(field);
}
