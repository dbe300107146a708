import type { Item } from '@/lib/client/items/types';

/** The API's detailed nested write for a list field. */
export interface NestedWrite {
  create: Item[];
  update: Item[];
  delete: (string | number)[];
}

/**
 * What the form holds for a field whose editor works out its own nested write (the
 * translations tabs, the block list): the editor's state, kept while the form lives, and
 * the write it stands for (null when it would change nothing).
 */
export interface StagedWrite<S = unknown> {
  staged: S;
  write: NestedWrite | null;
}

export function isStagedWrite(v: unknown): v is StagedWrite {
  return typeof v === 'object' && v !== null && 'staged' in v && 'write' in v;
}

/** A write that changes nothing is no write. */
export function nonEmpty(write: NestedWrite): NestedWrite | null {
  return write.create.length || write.update.length || write.delete.length ? write : null;
}
