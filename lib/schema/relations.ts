import 'server-only';
import { z } from 'zod';
import { schemaAccess, type SchemaAccess } from '@/lib/access/readable';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import { REFERENTIAL_ACTIONS } from './relation-ddl';
import type { CollectionOverview, RelationOverview, SchemaOverview } from './overview';
import { limitQuery, type ListInput } from './payloads';

const required = (name: string) =>
  z.string({
    error: (iss) => (iss.input === undefined ? `"${name}" is required` : 'Expected a string'),
  });

const referentialAction = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(REFERENTIAL_ACTIONS));

/**
 * The schema part of a relation. Only the two rules are acted on; the other keys are what
 * a read (or a snapshot) returns, accepted so a client can send a relation back as read.
 */
export const relationSchemaInput = z
  .object({
    on_delete: referentialAction.nullish(),
    on_update: referentialAction.nullish(),
    table: z.string().optional(),
    column: z.string().optional(),
    foreign_key_schema: z.string().nullish(),
    foreign_key_table: z.string().optional(),
    foreign_key_column: z.string().optional(),
    constraint_name: z.string().nullish(),
  })
  .strict();

export const relationMetaInput = z
  .object({
    one_field: z.string().nullish(),
    one_collection_field: z.string().nullish(),
    one_allowed_collections: z.array(z.string()).nullish(),
    junction_field: z.string().nullish(),
    sort_field: z.string().nullish(),
    one_deselect_action: z.enum(['nullify', 'delete']).optional(),
    // Echoed from a read; the stored values come from the relation itself.
    id: z.number().optional(),
    many_collection: z.string().optional(),
    many_field: z.string().optional(),
    one_collection: z.string().nullish(),
  })
  .strict();

/**
 * `related_collection` is required; it is null only for the many-to-any side of a junction,
 * whose `meta` then names the allowed collections and the field that says which one.
 */
export const createRelationBody = z
  .object({
    collection: required('collection'),
    field: required('field'),
    related_collection: required('related_collection').nullable(),
    schema: relationSchemaInput.nullish(),
    meta: relationMetaInput.nullish(),
  })
  .strict();

export const updateRelationBody = z
  .object({
    collection: z.string().optional(),
    field: z.string().optional(),
    related_collection: z.string().nullish(),
    schema: relationSchemaInput.nullish(),
    meta: relationMetaInput.nullish(),
  })
  .strict();

// Not strict: generic clients add `fields=*` and the like to every read.
export const relationsQuery = limitQuery;

export const collectionParams = z.object({ collection: z.string() });
export const relationParams = z.object({ collection: z.string(), field: z.string() });

/** The relation as every endpoint answers it (OpenAPI). */
export const relationResponse = z.object({
  collection: z.string(),
  field: z.string(),
  related_collection: z.string().nullable(),
  schema: z
    .object({
      table: z.string(),
      column: z.string(),
      foreign_key_table: z.string(),
      foreign_key_column: z.string(),
      constraint_name: z.string(),
      on_update: z.enum(REFERENTIAL_ACTIONS),
      on_delete: z.enum(REFERENTIAL_ACTIONS),
    })
    .nullable(),
  meta: z
    .object({
      id: z.number().int(),
      many_collection: z.string(),
      many_field: z.string(),
      one_collection: z.string().nullable(),
      one_field: z.string().nullable(),
      one_collection_field: z.string().nullable(),
      one_allowed_collections: z.array(z.string()).nullable(),
      junction_field: z.string().nullable(),
      sort_field: z.string().nullable(),
      one_deselect_action: z.enum(['nullify', 'delete']),
    })
    .nullable(),
});
export const relationsResponse = z.array(relationResponse);

export type RelationsQuery = z.infer<typeof relationsQuery>;
export type CreateRelationBody = z.infer<typeof createRelationBody>;
export type UpdateRelationBody = z.infer<typeof updateRelationBody>;
export type RelationMetaInput = z.infer<typeof relationMetaInput>;

/** An own property only: a name such as `__proto__` or `constructor` is never a collection. */
export function findCollection(schema: SchemaOverview, name: string): CollectionOverview | null {
  return Object.hasOwn(schema.collections, name) ? schema.collections[name] : null;
}

export function findRelation(
  schema: SchemaOverview,
  collection: string,
  field: string,
): RelationOverview | null {
  return schema.relations.find((r) => r.collection === collection && r.field === field) ?? null;
}

/**
 * Relations are schema facts about both ends, so the caller sees one only when it may read
 * both collections, the field holding the key and, when there is one, the alias field on the
 * related side (as Directus does).
 */
function visible(r: RelationOverview, access: SchemaAccess): boolean {
  if (access.admin) return true;
  if (!access.collection(r.collection) || !access.field(r.collection, r.field)) return false;
  const related = r.related_collection;
  if (related !== null && !access.collection(related)) return false;
  const oneField = r.meta?.one_field;
  if (related !== null && oneField && !access.field(related, oneField)) return false;
  const allowed = r.meta?.one_allowed_collections;
  return !Array.isArray(allowed) || allowed.every((c) => access.collection(String(c)));
}

function capped<T>(rows: T[], limit: number | undefined): T[] {
  return limit === undefined || limit < 0 ? rows : rows.slice(0, limit);
}

export async function listRelations(
  input: ListInput<RelationsQuery>,
  ctx: RequestContext,
): Promise<RelationOverview[]> {
  const [schema, access] = await Promise.all([ctx.schema, schemaAccess(ctx)]);
  return capped(
    schema.relations.filter((r) => visible(r, access)),
    input.query?.limit,
  );
}

/** An unknown collection and one the caller may not read are the same 404. */
async function readableCollection(ctx: RequestContext, name: string) {
  const [schema, access] = await Promise.all([ctx.schema, schemaAccess(ctx)]);
  if (!findCollection(schema, name) || !access.collection(name)) {
    throw new NotFoundError(`Collection "${name}" not found`);
  }
  return { schema, access };
}

export async function listCollectionRelations(
  input: ListInput<RelationsQuery> & { params: { collection: string } },
  ctx: RequestContext,
): Promise<RelationOverview[]> {
  const { collection } = input.params;
  const { schema, access } = await readableCollection(ctx, collection);
  return capped(
    schema.relations.filter((r) => r.collection === collection && visible(r, access)),
    input.query?.limit,
  );
}

export async function readRelation(
  input: { params: { collection: string; field: string } },
  ctx: RequestContext,
): Promise<RelationOverview> {
  const { collection, field } = input.params;
  const { schema, access } = await readableCollection(ctx, collection);
  const relation = findRelation(schema, collection, field);
  // A relation the caller may not see is the same 404 as a field without one.
  if (!relation || !visible(relation, access)) {
    throw new NotFoundError(`Field "${field}" in collection "${collection}" has no relation`);
  }
  return relation;
}
