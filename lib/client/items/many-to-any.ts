import type { RelationOverview } from '@/lib/schema/overview';

/**
 * A many-to-any field as Directus stores it: a junction row per block, holding the key of
 * the parent (`parentField`), the block's collection (`collectionField`) and its key
 * (`itemField`), whose relation names the collections a block may come from.
 */
export interface ManyToAny {
  junction: string;
  parentField: string;
  itemField: string;
  collectionField: string;
  allowed: string[];
  sortField: string | null;
}

export function manyToAnyOf(
  relations: readonly RelationOverview[],
  collection: string,
  field: string,
): ManyToAny | null {
  const o2m = relations.find(
    (r) => r.related_collection === collection && r.meta?.one_field === field,
  );
  const itemField = o2m?.meta?.junction_field;
  if (!o2m || !itemField) return null;
  const any = relations.find(
    (r) => r.collection === o2m.collection && r.field === itemField && !r.related_collection,
  );
  const collectionField = any?.meta?.one_collection_field;
  const allowed = any?.meta?.one_allowed_collections;
  if (!collectionField || !Array.isArray(allowed)) return null;
  return {
    junction: o2m.collection,
    parentField: o2m.field,
    itemField,
    collectionField,
    allowed: allowed.filter((c): c is string => typeof c === 'string'),
    sortField: o2m.meta?.sort_field ?? null,
  };
}
