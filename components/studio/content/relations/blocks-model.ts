import type { ManyToAny } from '@/lib/client/items/many-to-any';
import type { Item, ItemKey } from '@/lib/client/items/types';
import { nonEmpty, type NestedWrite } from './staged-write';

/** One block of a many-to-any list: stored (with its junction row's key) or added now. */
export interface Block {
  /** Stable within the form: the junction key, or `new-<n>` for an added block. */
  id: string;
  junctionKey: ItemKey | null;
  collection: string;
  /** The block item's key: stored, or an existing item picked to link. */
  itemKey: ItemKey | null;
  /** A block to create with the parent. */
  values: Item | null;
  /** What the block shows (the item as read, or the values filled in). */
  item: Item;
  /** The junction's sort value as read. */
  sort: number | null;
}

/** Unsaved work in the block list: every block in the order shown, and removed stored ones. */
export interface BlocksDraft {
  blocks: Block[];
  removed: ItemKey[];
}

const same = (a: ItemKey, b: ItemKey) => String(a) === String(b);

/**
 * The junction rows as read (`collection`, `item` nested or a bare key), in sort order;
 * rows without a sort value go last in the order they came.
 */
export function blocksFromRows(
  rel: Pick<ManyToAny, 'itemField' | 'collectionField' | 'sortField'>,
  junctionPk: string,
  rows: readonly Item[],
  pkOf: (collection: string) => string,
): Block[] {
  const blocks = rows.map((row) => {
    const collection = String(row[rel.collectionField] ?? '');
    const raw = row[rel.itemField];
    const pk = pkOf(collection);
    const item = typeof raw === 'object' && raw !== null ? (raw as Item) : { [pk]: raw };
    const key = item[pk];
    const sort = rel.sortField ? row[rel.sortField] : null;
    return {
      id: String(row[junctionPk]),
      junctionKey: row[junctionPk] as ItemKey,
      collection,
      itemKey: typeof key === 'string' || typeof key === 'number' ? key : null,
      values: null,
      item,
      sort: typeof sort === 'number' ? sort : null,
    };
  });
  const last = Number.MAX_SAFE_INTEGER;
  return blocks
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (x.b.sort ?? last) - (y.b.sort ?? last) || x.i - y.i)
    .map(({ b }) => b);
}

export function isRemoved(draft: BlocksDraft, block: Block): boolean {
  return block.junctionKey !== null && draft.removed.some((k) => same(k, block.junctionKey!));
}

/**
 * The nested write for the draft: added blocks create junction rows (with a new item or
 * the key of a picked one), removed ones delete theirs, and with a sort field the kept
 * blocks are numbered 1..n in the order shown, updating only rows whose number changed.
 */
export function blocksWrite(
  rel: Pick<ManyToAny, 'itemField' | 'collectionField' | 'sortField'>,
  junctionPk: string,
  draft: BlocksDraft,
): NestedWrite | null {
  const { sortField } = rel;
  const kept = draft.blocks.filter((b) => !isRemoved(draft, b));
  const write: NestedWrite = { create: [], update: [], delete: [...draft.removed] };
  kept.forEach((b, i) => {
    const sort = sortField ? { [sortField]: i + 1 } : {};
    if (b.junctionKey === null) {
      write.create.push({
        [rel.collectionField]: b.collection,
        // The junction stores any collection's key as text.
        [rel.itemField]: b.values ?? (b.itemKey === null ? null : String(b.itemKey)),
        ...sort,
      });
    } else if (sortField && b.sort !== i + 1) {
      write.update.push({ [junctionPk]: b.junctionKey, ...sort });
    }
  });
  return nonEmpty(write);
}
