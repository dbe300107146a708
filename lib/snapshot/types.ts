import type { FieldType } from '@/lib/schema/types';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface SnapshotCollection {
  collection: string;
  meta: JsonObject | null;
  schema: { name: string } | null;
}

export interface SnapshotFieldSchema {
  name: string;
  table: string;
  data_type: string;
  default_value: string | number | boolean | null;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: boolean;
  is_unique: boolean;
  is_indexed: boolean;
  is_primary_key: boolean;
  is_generated: boolean;
  generation_expression: null;
  has_auto_increment: boolean;
  foreign_key_table: string | null;
  foreign_key_column: string | null;
  comment: string | null;
}

export interface SnapshotField {
  collection: string;
  field: string;
  type: FieldType;
  meta: JsonObject | null;
  schema: SnapshotFieldSchema | null;
}

export interface SnapshotRelation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: JsonObject | null;
  schema: {
    table: string;
    column: string;
    foreign_key_table: string;
    foreign_key_column: string;
    constraint_name: string;
    on_update: string;
    on_delete: string;
  } | null;
}

export interface LegacyTable {
  table_name: string;
  table_type: string;
}
export interface LegacyColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | number | boolean | null;
}
export interface LegacyForeignKey {
  constraint_name: string;
  table_name: string;
  column_name: string;
}

export interface Snapshot {
  version: 1 | 2;
  directus: string;
  vendor: string;
  collections: SnapshotCollection[];
  fields: SnapshotField[];
  relations: SnapshotRelation[];
  timestamp: string;
  schema: string;
  tables: LegacyTable[];
  columns: LegacyColumn[];
  foreign_keys: LegacyForeignKey[];
  directus_collections: SnapshotCollection[];
  directus_fields: SnapshotField[];
  directus_relations: SnapshotRelation[];
}

/** One change in the deep-diff notation: N new, E edited, D deleted; `path` inside an item. */
export interface DiffEntry {
  kind: 'N' | 'E' | 'D';
  path?: (string | number)[];
  lhs?: Json;
  rhs?: Json;
}

export interface DiffResult {
  hash: string;
  collections: { collection: string; diff: DiffEntry[] }[];
  fields: { collection: string; field: string; diff: DiffEntry[] }[];
  relations: {
    collection: string;
    field: string;
    related_collection: string | null;
    diff: DiffEntry[];
  }[];
}
