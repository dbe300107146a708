import 'server-only';
import { invalidField } from '@/lib/core/errors';
import type { AnyRelation } from '../relations-path';
import type { Key, Row } from './sql';

interface Upserter {
  upsert(collection: string, data: Record<string, unknown>): Promise<Key>;
}

/**
 * A many-to-any junction row given its item as an object: the row's collection field says
 * which collection (one of the allowed ones) the item is created in, or updated in when it
 * carries an existing key. The write goes through the writer, so that collection's own
 * permissions, validation and hooks apply.
 */
export async function anyItemKey(
  writer: Upserter,
  input: { any: AnyRelation; row: Row; item: Row },
): Promise<Key> {
  const { any } = input;
  const target = input.row[any.collectionField];
  if (typeof target !== 'string' || !any.allowed.includes(target)) {
    throw invalidField(any.collectionField, 'must name one of the allowed collections', {
      type: 'invalid_collection',
      message: `Field "${any.collectionField}" must name one of ${any.allowed.join(', ')}`,
    });
  }
  return writer.upsert(target, input.item);
}

/**
 * What the junction's item column stores, as text (it holds keys of several collections): an
 * integer key as clients send a serial key, or the key of the item given as an object.
 */
export async function anyItemColumn(
  writer: Upserter,
  input: { any: AnyRelation; row: Row; item: Row | number },
): Promise<string> {
  const { item } = input;
  if (typeof item === 'number') return String(item);
  return String(await anyItemKey(writer, { ...input, item }));
}
