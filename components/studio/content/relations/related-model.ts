import type { Item, ItemKey } from '@/lib/client/items/types';
import type { Relational } from '@/lib/client/items/relational';

/** What the form holds for a one-to-many or many-to-many field until it is saved. */
export interface RelatedChanges {
  /** Existing items to link (by key) or new ones to create (values), with what to show. */
  added: { key?: ItemKey; values?: Item; display: Item }[];
  /** o2m: keys of related items to unlink; m2m: keys of junction rows to remove. */
  removed: ItemKey[];
}

export const noChanges = (): RelatedChanges => ({ added: [], removed: [] });

export function isRelatedChanges(v: unknown): v is RelatedChanges {
  return typeof v === 'object' && v !== null && 'added' in v && 'removed' in v;
}

export function hasChanges(c: RelatedChanges): boolean {
  return c.added.length > 0 || c.removed.length > 0;
}

/**
 * The staged changes as the API's detailed nested write (`{create, update, delete}`):
 * an o2m links an existing child by updating it, a m2m adds a junction row that points
 * at an existing or a new related item.
 */
export function toNestedWrite(
  rel: Extract<Relational, { kind: 'o2m' | 'm2m' }>,
  relatedPk: string,
  changes: RelatedChanges,
): Record<string, unknown[]> {
  if (rel.kind === 'o2m') {
    return {
      create: changes.added.filter((a) => a.values).map((a) => a.values!),
      update: changes.added.filter((a) => a.key !== undefined).map((a) => ({ [relatedPk]: a.key })),
      delete: changes.removed,
    };
  }
  return {
    create: changes.added.map((a) => ({ [rel.junctionRelated]: a.key ?? a.values })),
    update: [],
    delete: changes.removed,
  };
}

/** Reads the key out of a many-to-one value, whether it came back nested or as a bare key. */
export function m2oKey(value: unknown, pk: string): ItemKey | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const k = (value as Item)[pk];
    return typeof k === 'string' || typeof k === 'number' ? k : null;
  }
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}
