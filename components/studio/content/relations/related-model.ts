import type { Item, ItemKey } from '@/lib/client/items/types';
import type { Relational } from '@/lib/client/items/relational';

type ListRel = Extract<Relational, { kind: 'o2m' | 'm2m' }>;

/** What the form holds for a one-to-many or many-to-many field until it is saved. */
export interface RelatedChanges {
  /** Existing items to link (by key) or new ones to create (values), with what to show. */
  added: { key?: ItemKey; values?: Item; display: Item }[];
  /** o2m: keys of related items to unlink; m2m: keys of junction rows to remove. */
  removed: ItemKey[];
  /** The rows as read (by `RelatedRow.key`) in the order the user put them; absent if untouched. */
  order?: ItemKey[];
  /**
   * The page of linked rows the changes were made on and how many rows are linked in all:
   * a save numbers sort values from them (the list pages through its rows on the server).
   */
  seen?: { rows: Item[]; total: number };
}

/** One linked row as read: the key a removal or a sort update uses, and the item to show. */
export interface RelatedRow {
  /** o2m: the related item's key; m2m: the junction row's key. */
  key: ItemKey;
  item: Item;
  /** The relation's sort value as read (null without a sort field or when unset). */
  sort: number | null;
}

/** How to find keys and sort values in the rows of one relation. */
export interface RelatedShape {
  rel: ListRel;
  relatedPk: string;
  /** m2m only: the junction's primary key. */
  junctionPk: string | null;
}

export const noChanges = (): RelatedChanges => ({ added: [], removed: [] });

export function isRelatedChanges(v: unknown): v is RelatedChanges {
  return typeof v === 'object' && v !== null && 'added' in v && 'removed' in v;
}

export function hasChanges(c: RelatedChanges): boolean {
  return c.added.length > 0 || c.removed.length > 0 || c.order !== undefined;
}

const same = (a: ItemKey, b: ItemKey) => String(a) === String(b);

/**
 * The rows as read (o2m rows, or m2m junction rows with the related item nested), in the
 * relation's sort order: the server already sorts by it, and this keeps it so whatever
 * the source. Rows without a sort value go last, in the order they came.
 */
export function relatedRows(shape: RelatedShape, current: readonly Item[]): RelatedRow[] {
  const { rel, relatedPk, junctionPk } = shape;
  const rows = current.map((row) => {
    const raw = rel.sortField ? row[rel.sortField] : null;
    const sort = typeof raw === 'number' ? raw : null;
    if (rel.kind === 'o2m') return { key: row[relatedPk] as ItemKey, item: row, sort };
    const nested = row[rel.junctionRelated];
    const item =
      typeof nested === 'object' && nested !== null ? (nested as Item) : { [relatedPk]: nested };
    return { key: row[junctionPk ?? 'id'] as ItemKey, item, sort };
  });
  if (!rel.sortField) return rows;
  const last = Number.MAX_SAFE_INTEGER;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.sort ?? last) - (b.r.sort ?? last) || a.i - b.i)
    .map(({ r }) => r);
}

/** `rows` in the order the user chose; rows the order does not name keep their place after. */
export function orderedRows(rows: readonly RelatedRow[], order?: readonly ItemKey[]): RelatedRow[] {
  if (!order) return [...rows];
  const placed = order.flatMap((k) => rows.filter((r) => same(r.key, k)));
  return [...placed, ...rows.filter((r) => !placed.includes(r))];
}

/** The new order as a change: undefined when it is the order as read again. */
export function orderChange(
  rows: readonly RelatedRow[],
  next: readonly RelatedRow[],
): ItemKey[] | undefined {
  const changed = next.some((r, i) => !same(r.key, rows[i]?.key));
  return changed ? next.map((r) => r.key) : undefined;
}

/**
 * Sort values once saved: the kept rows (as shown, removals left out) and then the added
 * items are numbered 1..n. Only rows whose stored value differs are updated. Nothing is
 * renumbered when the list was neither reordered nor added to.
 */
export function sortPlan(
  rows: readonly RelatedRow[],
  changes: RelatedChanges,
  total = rows.length,
): { updates: { key: ItemKey; sort: number }[]; added: number[] } {
  if (changes.order === undefined && changes.added.length === 0) return { updates: [], added: [] };
  if (rows.length < total) {
    // Only one page is known: the other rows keep their places, added items go after all.
    const last = Math.max(total, ...rows.map((r) => r.sort ?? 0));
    return { updates: [], added: changes.added.map((_, i) => last + i + 1) };
  }
  const kept = orderedRows(rows, changes.order).filter(
    (r) => !changes.removed.some((k) => same(k, r.key)),
  );
  return {
    updates: kept.flatMap((r, i) => (r.sort === i + 1 ? [] : [{ key: r.key, sort: i + 1 }])),
    added: changes.added.map((_, i) => kept.length + i + 1),
  };
}

/**
 * The staged changes as the API's detailed nested write (`{create, update, delete}`):
 * an o2m links an existing child by updating it, a m2m adds a junction row that points
 * at an existing or a new related item. With a sort field, new sort values go along.
 */
export function toNestedWrite(
  shape: RelatedShape,
  current: readonly Item[],
  changes: RelatedChanges,
  total = current.length,
): Record<string, unknown[]> {
  const { rel, relatedPk, junctionPk } = shape;
  const sortField = rel.sortField;
  const plan = sortField
    ? sortPlan(relatedRows(shape, current), changes, total)
    : { updates: [], added: [] };
  const withSort = (row: Item, i: number): Item =>
    sortField && plan.added[i] !== undefined ? { ...row, [sortField]: plan.added[i] } : row;
  const rowKey = rel.kind === 'o2m' ? relatedPk : (junctionPk ?? 'id');
  const sortUpdates = sortField
    ? plan.updates.map((u) => ({ [rowKey]: u.key, [sortField]: u.sort }))
    : [];
  if (rel.kind === 'o2m') {
    const added = changes.added.map((a, i) => ({ a, i }));
    return {
      create: added.filter(({ a }) => a.values).map(({ a, i }) => withSort(a.values!, i)),
      update: [
        ...added
          .filter(({ a }) => a.key !== undefined)
          .map(({ a, i }) => withSort({ [relatedPk]: a.key }, i)),
        ...sortUpdates,
      ],
      delete: changes.removed,
    };
  }
  return {
    create: changes.added.map((a, i) => withSort({ [rel.junctionRelated]: a.key ?? a.values }, i)),
    update: sortUpdates,
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
