import { InvalidPayloadError } from '@/lib/core/errors';
import type {
  Json,
  JsonObject,
  SnapshotCollection,
  SnapshotField,
  SnapshotRelation,
} from './types';
import { isRecord } from '@/lib/core/guards';

/** The metadata columns each kind of item has here; other keys of a foreign snapshot are ignored. */
export const COLLECTION_META_KEYS = [
  'collection',
  'icon',
  'note',
  'display_template',
  'hidden',
  'singleton',
  'translations',
  'archive_field',
  'archive_app_filter',
  'archive_value',
  'unarchive_value',
  'sort_field',
  'accountability',
  'color',
  'item_duplication_fields',
  'sort',
  'group',
  'collapse',
  'preview_url',
  'versioning',
  'indexes',
];
export const FIELD_META_KEYS = [
  'collection',
  'field',
  'special',
  'interface',
  'options',
  'display',
  'display_options',
  'readonly',
  'hidden',
  'sort',
  'width',
  'translations',
  'note',
  'conditions',
  'required',
  'group',
  'validation',
  'validation_message',
  'searchable',
];
export const RELATION_META_KEYS = [
  'many_collection',
  'many_field',
  'one_collection',
  'one_field',
  'one_collection_field',
  'one_allowed_collections',
  'junction_field',
  'sort_field',
  'one_deselect_action',
];
const FIELD_SCHEMA_KEYS = [
  'name',
  'table',
  'data_type',
  'default_value',
  'max_length',
  'numeric_precision',
  'numeric_scale',
  'is_nullable',
  'is_unique',
  'is_indexed',
  'is_primary_key',
  'is_generated',
  'generation_expression',
  'has_auto_increment',
  'foreign_key_table',
  'foreign_key_column',
  'comment',
];
const RELATION_SCHEMA_KEYS = [
  'table',
  'column',
  'foreign_key_table',
  'foreign_key_column',
  'constraint_name',
  'on_update',
  'on_delete',
];

/** The listed keys that are present; an absent key means "no change" to the diff. */
function pick(value: unknown, keys: string[]): JsonObject | null | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  const out: JsonObject = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key] as Json;
  return out;
}

function name(item: Record<string, unknown>, key: string, where: string): string {
  const value = item[key];
  if (typeof value !== 'string' || !value) {
    throw new InvalidPayloadError(`Every item of "${where}" needs a "${key}" string`);
  }
  return value;
}

function items(list: unknown[], where: string): Record<string, unknown>[] {
  return list.map((item) => {
    if (!isRecord(item))
      throw new InvalidPayloadError(`Every item of "${where}" must be an object`);
    return item;
  });
}

export function normalizeCollections(list: unknown[]): SnapshotCollection[] {
  return items(list, 'collections').map((c) => ({
    collection: name(c, 'collection', 'collections'),
    meta: pick(c.meta, COLLECTION_META_KEYS) as JsonObject | null,
    schema: isRecord(c.schema) ? { name: String(c.schema.name ?? c.collection) } : null,
  }));
}

export function normalizeFields(list: unknown[]): SnapshotField[] {
  return items(list, 'fields').map((f) => ({
    collection: name(f, 'collection', 'fields'),
    field: name(f, 'field', 'fields'),
    type: (typeof f.type === 'string' ? f.type : 'unknown') as SnapshotField['type'],
    meta: pick(f.meta, FIELD_META_KEYS) as JsonObject | null,
    schema: (isRecord(f.schema)
      ? pick(f.schema, FIELD_SCHEMA_KEYS)
      : null) as unknown as SnapshotField['schema'],
  }));
}

export function normalizeRelations(list: unknown[]): SnapshotRelation[] {
  return items(list, 'relations').map((r) => ({
    collection: name(r, 'collection', 'relations'),
    field: name(r, 'field', 'relations'),
    related_collection: typeof r.related_collection === 'string' ? r.related_collection : null,
    meta: pick(r.meta, RELATION_META_KEYS) as JsonObject | null,
    schema: (isRecord(r.schema)
      ? pick(r.schema, RELATION_SCHEMA_KEYS)
      : null) as unknown as SnapshotRelation['schema'],
  }));
}
