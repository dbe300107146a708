import type {
  CollectionOverview,
  FieldOverview,
  RelationOverview,
  SchemaOverview,
} from '@/lib/schema/overview';
import { InvalidQueryError } from '@/lib/core/errors';
import { limitExceeded, queryLimits } from './limits';

/**
 * One step across a relation, with every table and column a compiler needs to correlate
 * the two sides. All names come from the schema overview, never from the request.
 *
 * - m2o: `collection.field` holds the key of `related` (column `relatedKey`).
 * - o2m: `collection.field` is an alias; rows of `related` point back with
 *   `related.relatedField = collection.key`.
 * - m2m: an o2m into the junction `related`, plus `junction`: the junction's other
 *   foreign key (`junction.field`) and the collection it reaches. Filters treat it as
 *   the o2m it is (Directus paths name the junction field: `tags.tag_id.name`); the read
 *   compiler may use `junction` to skip a level.
 */
export interface M2OHop {
  kind: 'm2o';
  collection: string;
  field: string;
  related: string;
  relatedKey: string;
}

export interface O2MHop {
  kind: 'o2m';
  collection: string;
  field: string;
  /** Column of `collection` the related rows point at (normally its primary key). */
  key: string;
  related: string;
  relatedField: string;
  sortField: string | null;
}

export interface M2MHop extends Omit<O2MHop, 'kind'> {
  kind: 'm2m';
  junction: { field: string; collection: string; key: string };
}

export type Hop = M2OHop | O2MHop | M2MHop;

/**
 * A many-to-any field: `collection.field` holds the key of an item of whichever collection
 * `collection.collectionField` names, one of `allowed`. There is no foreign key to follow,
 * so it is read per target (`item:headings.*`) and never walked by a plain path.
 */
export interface AnyRelation {
  collection: string;
  field: string;
  collectionField: string;
  allowed: string[];
}
export type RelationKind = Hop['kind'];

export interface ResolvedPath {
  hops: Hop[];
  /** Collection that holds the last segment. */
  collection: string;
  field: FieldOverview;
}

export function collectionOf(schema: SchemaOverview, name: string): CollectionOverview {
  const c = Object.hasOwn(schema.collections, name) ? schema.collections[name] : undefined;
  if (!c || !c.schema) throw new InvalidQueryError(`Collection "${name}" does not exist`);
  return c;
}

export function fieldOf(schema: SchemaOverview, collection: string, field: string): FieldOverview {
  const c = collectionOf(schema, collection);
  const f = Object.hasOwn(c.fields, field) ? c.fields[field] : undefined;
  if (!f) {
    throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
  }
  return f;
}

function primaryOf(schema: SchemaOverview, collection: string): string {
  const pk = collectionOf(schema, collection).primary;
  if (!pk) throw new InvalidQueryError(`Collection "${collection}" has no primary key`);
  return pk;
}

function m2oRelation(
  schema: SchemaOverview,
  collection: string,
  field: string,
): RelationOverview | undefined {
  return schema.relations.find(
    (r) => r.collection === collection && r.field === field && r.related_collection,
  );
}

function allowedOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The many-to-any relation held by `collection.field`, or null. */
export function anyRelationOf(
  schema: SchemaOverview,
  collection: string,
  field: string,
): AnyRelation | null {
  const r = schema.relations.find(
    (x) => x.collection === collection && x.field === field && !x.related_collection,
  );
  const collectionField = r?.meta?.one_collection_field;
  if (!r?.meta?.one_allowed_collections || !collectionField) return null;
  return { collection, field, collectionField, allowed: allowedOf(r.meta.one_allowed_collections) };
}

/**
 * The step from a many-to-any field into one of its collections, as the m2o it is for the
 * rows whose collection field names `target`.
 */
export function anyTarget(schema: SchemaOverview, any: AnyRelation, target: string): M2OHop {
  if (!any.allowed.includes(target)) {
    throw new InvalidQueryError(
      `Collection "${target.slice(0, 64)}" is not one of the collections of field "${any.field}"`,
    );
  }
  return {
    kind: 'm2o',
    collection: any.collection,
    field: any.field,
    related: target,
    relatedKey: primaryOf(schema, target),
  };
}

/**
 * What relation `collection.field` is, or null for a plain field. Throws for a field that
 * does not exist and for many-to-any relations (not supported by the query engine).
 */
export function relationOf(schema: SchemaOverview, collection: string, field: string): Hop | null {
  const f = fieldOf(schema, collection, field);
  if (f.schema) {
    const r = m2oRelation(schema, collection, field);
    if (!r) return null;
    if (r.meta?.one_allowed_collections) {
      throw new InvalidQueryError(`Many-to-any field "${field}" cannot be queried`);
    }
    const related = r.related_collection as string;
    collectionOf(schema, related);
    return {
      kind: 'm2o',
      collection,
      field,
      related,
      relatedKey: r.schema?.foreign_key_column ?? primaryOf(schema, related),
    };
  }
  const r = schema.relations.find(
    (x) => x.related_collection === collection && x.meta?.one_field === field,
  );
  if (!r) return null;
  collectionOf(schema, r.collection);
  const o2m: O2MHop = {
    kind: 'o2m',
    collection,
    field,
    key: r.schema?.foreign_key_column ?? primaryOf(schema, collection),
    related: r.collection,
    relatedField: r.field,
    sortField: r.meta?.sort_field ?? null,
  };
  const junctionField = r.meta?.junction_field;
  if (!junctionField) return o2m;
  const other = m2oRelation(schema, r.collection, junctionField);
  if (!other) return o2m;
  if (other.meta?.one_allowed_collections) {
    throw new InvalidQueryError(`Many-to-any field "${field}" cannot be queried`);
  }
  const target = other.related_collection as string;
  return {
    ...o2m,
    kind: 'm2m',
    junction: {
      field: junctionField,
      collection: target,
      key: other.schema?.foreign_key_column ?? primaryOf(schema, target),
    },
  };
}

/**
 * Walks a dotted path (`author.name`, `tags.tag_id.name`) from `collection`. Every segment
 * but the last must be a relation; an m2m segment steps into its junction collection.
 */
export function resolvePath(
  schema: SchemaOverview,
  collection: string,
  path: string,
): ResolvedPath {
  const segments = path.split('.');
  const depth = queryLimits().relationalDepth;
  if (segments.length - 1 > depth) throw limitExceeded('Field path is nested too deeply', depth);
  const hops: Hop[] = [];
  let current = collection;
  for (let i = 0; i < segments.length - 1; i++) {
    const hop = relationOf(schema, current, segments[i]);
    if (!hop) {
      throw new InvalidQueryError(
        `Field "${segments[i]}" of collection "${current}" is not a relation`,
      );
    }
    hops.push(hop);
    current = hop.related;
  }
  return { hops, collection: current, field: fieldOf(schema, current, segments.at(-1) as string) };
}
