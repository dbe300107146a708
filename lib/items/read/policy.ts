import type { Filter } from '../query';

/** What the caller may read in one collection: readable fields and an item filter. */
export interface NodeAccess {
  fields: Set<string> | '*';
  /** ANDed into every read of the collection, at the root and wherever it is nested. */
  filter: Filter | null;
}

/**
 * The access layer's hook into reads, asked once per plan node. Without one the read is an
 * admin read: every field, every row, and a missing field is a 400 naming it. With one, a
 * refused field and a missing one give the same 403, so names cannot be probed.
 */
export type ReadPolicy = (collection: string) => NodeAccess;

export const FULL_ACCESS: ReadPolicy = () => ({ fields: '*', filter: null });

export function allowsField(access: NodeAccess, field: string): boolean {
  return access.fields === '*' || access.fields.has(field);
}
