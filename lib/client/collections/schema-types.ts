/**
 * The data-model shapes the studio reads from /api/collections, /api/fields and
 * /api/relations (see lib/schema/overview.ts for the server side).
 */
export interface CollectionIndex {
  name?: string;
  fields: string[];
  unique?: boolean;
}

export interface CollectionMeta {
  collection: string;
  icon: string | null;
  note: string | null;
  display_template: string | null;
  hidden: boolean;
  singleton: boolean;
  sort_field: string | null;
  archive_field: string | null;
  archive_value: string | null;
  unarchive_value: string | null;
  group: string | null;
  sort: number | null;
  indexes: CollectionIndex[];
}

export interface Collection {
  collection: string;
  meta: CollectionMeta | null;
  schema: { name: string; schema: string; comment: string | null } | null;
  system: boolean;
  type: 'table' | 'view';
}

export interface FieldMeta {
  id?: number;
  special: string[] | null;
  interface: string | null;
  options: Record<string, unknown> | null;
  display: string | null;
  readonly: boolean;
  hidden: boolean;
  sort: number | null;
  width: string | null;
  note: string | null;
  required: boolean | null;
  validation: Record<string, unknown> | null;
  validation_message: string | null;
  searchable: boolean | null;
}

export interface FieldSchema {
  data_type: string;
  default_value: string | number | boolean | null;
  max_length: number | null;
  is_nullable: boolean;
  is_unique: boolean;
  is_primary_key: boolean;
  has_auto_increment: boolean;
  has_index: boolean;
  foreign_key_table: string | null;
  foreign_key_column: string | null;
}

export interface Field {
  collection: string;
  field: string;
  type: string;
  schema: FieldSchema | null;
  meta: FieldMeta | null;
}

export type ReferentialAction = 'NO ACTION' | 'RESTRICT' | 'CASCADE' | 'SET NULL' | 'SET DEFAULT';

export interface Relation {
  collection: string;
  field: string;
  related_collection: string | null;
  schema: {
    table: string;
    column: string;
    foreign_key_table: string;
    foreign_key_column: string;
    constraint_name: string;
    on_update: ReferentialAction;
    on_delete: ReferentialAction;
  } | null;
  meta: {
    id: number;
    many_collection: string;
    many_field: string;
    one_collection: string | null;
    one_field: string | null;
    junction_field: string | null;
    sort_field: string | null;
    one_deselect_action: 'nullify' | 'delete';
  } | null;
}

export interface InterfaceDefinition {
  id: string;
  name: string;
  icon: string;
  types: string[];
  localTypes: string[];
  group: string;
  order: number;
  supported: boolean;
  recommended?: boolean;
  relational?: boolean;
}

export interface GroupedInterfaces {
  interfaces: InterfaceDefinition[];
  groups: { key: string; name: string; interfaces: InterfaceDefinition[] }[];
}
