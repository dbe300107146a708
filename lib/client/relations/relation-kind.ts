import type { Relation } from '../collections/schema-types';

export interface FieldRelation {
  kind: 'm2o' | 'o2m' | 'm2m';
  /** The collection the field leads to (through the junction for m2m). */
  target: string | null;
  /** The relation row to change rules on (the many side's foreign key). */
  relation: Relation;
  junction?: string;
}

/** What a field is in the relation graph: a foreign key, or the alias listing the other side. */
export function relationOf(
  collection: string,
  field: string,
  relations: readonly Relation[],
): FieldRelation | null {
  const own = relations.find((r) => r.collection === collection && r.field === field);
  if (own) return { kind: 'm2o', target: own.related_collection, relation: own };
  const back = relations.find(
    (r) => r.meta?.one_collection === collection && r.meta.one_field === field,
  );
  if (!back) return null;
  if (back.meta?.junction_field) {
    const other = relations.find(
      (r) => r.collection === back.collection && r.field === back.meta?.junction_field,
    );
    // A many-to-any leads to each of its allowed collections.
    const any = other?.meta?.one_allowed_collections;
    return {
      kind: 'm2m',
      target: other?.related_collection ?? (Array.isArray(any) ? any.join(', ') : null),
      relation: back,
      junction: back.collection,
    };
  }
  return { kind: 'o2m', target: back.collection, relation: back };
}
