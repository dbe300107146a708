import type { Selectable } from 'kysely';
import type { CollectionsMetaTable, FieldsMetaTable, RelationsMetaTable } from './tables';

/*
 * The shape of the schema overview (lib/schema/overview.ts builds and caches it). It lives on
 * the ground floor because every request context carries one.
 */

/** The field types of the specification, plus `alias` (no column) and `unknown`. */
export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'bigInteger',
  'float',
  'decimal',
  'boolean',
  'uuid',
  'date',
  'time',
  'dateTime',
  'timestamp',
  'json',
  'csv',
  'hash',
  'alias',
  'unknown',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type CollectionMeta = Selectable<CollectionsMetaTable>;
export type FieldMeta = Omit<Selectable<FieldsMetaTable>, 'special'> & { special: string[] | null };
export type RelationMeta = Selectable<RelationsMetaTable>;

export interface FieldSchemaInfo {
  name: string;
  table: string;
  data_type: string;
  default_value: string | number | boolean | null;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: boolean;
  is_unique: boolean;
  is_primary_key: boolean;
  is_generated: boolean;
  has_auto_increment: boolean;
  has_index: boolean;
  foreign_key_table: string | null;
  foreign_key_column: string | null;
  comment: string | null;
}

export interface FieldOverview {
  collection: string;
  field: string;
  type: FieldType;
  schema: FieldSchemaInfo | null;
  meta: FieldMeta | null;
}

export interface CollectionOverview {
  collection: string;
  meta: CollectionMeta | null;
  schema: { name: string; schema: string; comment: string | null } | null;
  system: boolean;
  type: 'table' | 'view';
  primary: string | null;
  fields: Record<string, FieldOverview>;
  /** Indexes over more than one column (single-column ones show on the fields). */
  indexes: { name: string; fields: string[]; unique: boolean }[];
}

export interface RelationOverview {
  collection: string;
  field: string;
  related_collection: string | null;
  schema: {
    table: string;
    column: string;
    foreign_key_table: string;
    foreign_key_column: string;
    constraint_name: string;
    on_update: string;
    on_delete: string;
  } | null;
  meta: RelationMeta | null;
}

export interface SchemaOverview {
  collections: Record<string, CollectionOverview>;
  relations: RelationOverview[];
}
