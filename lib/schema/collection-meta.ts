import 'server-only';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { CollectionsMetaTable } from '@/lib/core/tables';

const JSON_META = ['translations', 'item_duplication_fields', 'indexes'] as const;

/** Inserts or merges the daas_collections row of a collection. */
export async function writeCollectionMeta(
  db: Db,
  collection: string,
  meta: Record<string, unknown>,
): Promise<void> {
  const { collection: _c, system: _s, ...rest } = meta;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) values[key] = value;
  for (const key of JSON_META) {
    if (values[key] !== undefined && values[key] !== null)
      values[key] = JSON.stringify(values[key]);
  }
  const existing = await db
    .selectFrom('daas_collections')
    .select('collection')
    .where('collection', '=', collection)
    .executeTakeFirst();
  if (existing) {
    if (Object.keys(values).length) {
      await db
        .updateTable('daas_collections')
        .set(values as Updateable<CollectionsMetaTable>)
        .where('collection', '=', collection)
        .execute();
    }
    return;
  }
  await db
    .insertInto('daas_collections')
    .values({ ...values, collection } as Insertable<CollectionsMetaTable>)
    .execute();
}
