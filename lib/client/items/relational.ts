import type { FieldOverview, RelationOverview } from '@/lib/schema/overview';

/**
 * How a field of a collection reaches other items, read from `GET /api/relations` the way
 * Directus stores it: a many-to-one is a row on the field itself; a one-to-many is a row
 * whose `meta.one_field` names the alias on the "one" side; a many-to-many is such a row on
 * a junction collection whose `meta.junction_field` names the junction's other foreign key.
 */
export type Relational =
  | { kind: 'm2o'; related: string }
  | { kind: 'o2m'; related: string; foreignKey: string; sortField: string | null }
  | {
      kind: 'm2m';
      junction: string;
      /** Junction field pointing back at this collection. */
      junctionSelf: string;
      /** Junction field pointing at the related collection. */
      junctionRelated: string;
      related: string;
      sortField: string | null;
    };

export function relationalOf(
  relations: readonly RelationOverview[],
  collection: string,
  field: string,
): Relational | null {
  const m2o = relations.find((r) => r.collection === collection && r.field === field);
  if (m2o?.related_collection) return { kind: 'm2o', related: m2o.related_collection };
  const o2m = relations.find(
    (r) => r.related_collection === collection && r.meta?.one_field === field,
  );
  if (!o2m) return null;
  const junctionField = o2m.meta?.junction_field;
  if (junctionField) {
    const other = relations.find(
      (r) => r.collection === o2m.collection && r.field === junctionField,
    );
    if (other?.related_collection) {
      return {
        kind: 'm2m',
        junction: o2m.collection,
        junctionSelf: o2m.field,
        junctionRelated: junctionField,
        related: other.related_collection,
        sortField: o2m.meta?.sort_field ?? null,
      };
    }
  }
  return {
    kind: 'o2m',
    related: o2m.collection,
    foreignKey: o2m.field,
    sortField: o2m.meta?.sort_field ?? null,
  };
}

/** The primary key field of a collection's field list (`id` when none is marked). */
export function primaryKeyOf(fields: readonly FieldOverview[]): string {
  return fields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
}

/** Alias fields (no column) carry one-to-many and many-to-many lists, never table cells. */
export function isAlias(field: FieldOverview): boolean {
  return field.schema === null;
}

/** A field worth showing as text for an item of `fields` (a display template's stand-in). */
export function labelFieldOf(fields: readonly FieldOverview[]): string {
  const preferred = ['name', 'title', 'label', 'email', 'slug', 'code'];
  for (const name of preferred) if (fields.some((f) => f.field === name)) return name;
  const text = fields.find((f) => (f.type === 'string' || f.type === 'text') && !f.meta?.hidden);
  return text?.field ?? primaryKeyOf(fields);
}
