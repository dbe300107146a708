import { z } from 'zod';
import { FIELD_TYPES } from './types';

const json = z.unknown();
const text = z.string().nullable().optional();
const flag = z.boolean().optional();

/** A multi-column index or unique constraint declared on a collection (`meta.indexes`). */
export const indexSpec = z
  .object({
    fields: z.array(z.string()).min(2, 'an index in meta.indexes needs at least two fields'),
    unique: z.boolean().optional(),
    name: z.string().optional(),
  })
  .strict();
export type IndexSpec = z.infer<typeof indexSpec>;

export const collectionMeta = z
  .object({
    collection: z.string().optional(),
    icon: text,
    note: text,
    display_template: text,
    hidden: flag,
    singleton: flag,
    translations: json.optional(),
    archive_field: text,
    archive_app_filter: flag,
    archive_value: text,
    unarchive_value: text,
    sort_field: text,
    accountability: text,
    color: text,
    item_duplication_fields: json.optional(),
    sort: z.number().int().nullable().optional(),
    group: text,
    collapse: z.string().optional(),
    preview_url: text,
    versioning: flag,
    indexes: z.array(indexSpec).nullable().optional(),
    system: z.boolean().optional(),
  })
  .strict();
export type CollectionMetaInput = z.infer<typeof collectionMeta>;

export const fieldMeta = z
  .object({
    id: z.number().optional(),
    collection: z.string().optional(),
    field: z.string().optional(),
    special: z.array(z.string()).nullable().optional(),
    interface: text,
    options: json.optional(),
    display: text,
    display_options: json.optional(),
    readonly: flag,
    hidden: flag,
    sort: z.number().int().nullable().optional(),
    width: text,
    translations: json.optional(),
    note: text,
    conditions: json.optional(),
    required: z.boolean().nullable().optional(),
    group: text,
    validation: json.optional(),
    validation_message: text,
    searchable: z.boolean().nullable().optional(),
    system: z.boolean().optional(),
  })
  .strict();
export type FieldMetaInput = z.infer<typeof fieldMeta>;

/** Column facts; the read-only ones are accepted so a client can send back what it read. */
export const fieldSchema = z
  .object({
    name: z.string().optional(),
    table: z.string().optional(),
    schema: z.string().optional(),
    data_type: z.string().optional(),
    default_value: json.optional(),
    max_length: z.number().int().nullable().optional(),
    numeric_precision: z.number().int().nullable().optional(),
    numeric_scale: z.number().int().nullable().optional(),
    is_nullable: flag,
    is_unique: flag,
    is_indexed: flag,
    has_index: flag,
    is_primary_key: flag,
    is_generated: flag,
    generation_expression: z.string().nullable().optional(),
    has_auto_increment: flag,
    foreign_key_schema: text,
    foreign_key_table: text,
    foreign_key_column: text,
    comment: text,
  })
  .strict();
export type FieldSchemaInput = z.infer<typeof fieldSchema>;

const fieldType = z.enum(FIELD_TYPES.filter((t) => t !== 'unknown') as [string, ...string[]]);

export const fieldCreate = z
  .object({
    collection: z.string().optional(),
    field: z.string(),
    type: fieldType,
    schema: fieldSchema.nullable().optional(),
    meta: fieldMeta.nullable().optional(),
  })
  .strict();
export type FieldCreateInput = z.infer<typeof fieldCreate>;

export const fieldUpdate = z
  .object({
    collection: z.string().optional(),
    field: z.string().optional(),
    type: fieldType.optional(),
    schema: fieldSchema.nullable().optional(),
    meta: fieldMeta.nullable().optional(),
  })
  .strict();
export type FieldUpdateInput = z.infer<typeof fieldUpdate>;

const collectionSchema = z
  .object({ name: z.string().optional(), schema: z.string().optional(), comment: text })
  .strict();

export const collectionCreate = z
  .object({
    collection: z.string(),
    meta: collectionMeta.nullable().optional(),
    schema: collectionSchema.nullable().optional(),
    fields: z.array(fieldCreate).optional(),
  })
  .strict();
export type CollectionCreateInput = z.infer<typeof collectionCreate>;

export const collectionUpdate = z
  .object({
    collection: z.string().optional(),
    meta: collectionMeta.nullable().optional(),
    schema: collectionSchema.nullable().optional(),
  })
  .strict();
export type CollectionUpdateInput = z.infer<typeof collectionUpdate>;

export const collectionBatchUpdate = z.array(
  z.object({ collection: z.string(), meta: collectionMeta.nullable().optional() }).strict(),
);

export const limitQuery = z.object({ limit: z.coerce.number().int().min(-1).optional() });
export type LimitQuery = z.infer<typeof limitQuery>;

/**
 * The one input shape of the schema lists (collections, fields, relations): `{}` when the
 * caller has nothing to pass, `{ query }` from a route. `Q = never`: the list takes no query.
 */
export interface ListInput<Q = LimitQuery> {
  query?: Q;
}
export const collectionParams = z.object({ name: z.string() });
export const fieldsParams = z.object({ collection: z.string() });
export const fieldParams = z.object({ collection: z.string(), field: z.string() });

/** Specials that make a field an alias: metadata only, no column. */
export const ALIAS_SPECIALS = [
  'o2m',
  'm2m',
  'm2a',
  'alias',
  'no-data',
  'group',
  'translations',
  'files',
];
