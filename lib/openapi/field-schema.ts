import type { CollectionOverview, FieldOverview, SchemaOverview } from '@/lib/schema/overview';
import type { FieldType } from '@/lib/schema/types';

export type JsonSchema = { [keyword: string]: unknown };

const BY_TYPE: Record<FieldType, JsonSchema> = {
  string: { type: 'string' },
  text: { type: 'string' },
  integer: { type: 'integer' },
  bigInteger: { type: 'integer', format: 'int64' },
  float: { type: 'number' },
  // Decimals travel as strings so no precision is lost in JSON.
  decimal: { type: 'string', format: 'decimal' },
  boolean: { type: 'boolean' },
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  dateTime: { type: 'string', format: 'date-time' },
  timestamp: { type: 'string', format: 'date-time' },
  json: {},
  csv: { type: 'array', items: { type: 'string' } },
  hash: { type: 'string', writeOnly: true },
  alias: {},
  unknown: {},
};

const EXAMPLES: Partial<Record<FieldType, unknown>> = {
  string: 'text',
  text: 'text',
  integer: 1,
  bigInteger: 1,
  float: 1.5,
  decimal: '1.50',
  boolean: true,
  uuid: '00000000-0000-4000-8000-000000000000',
  date: '2026-01-31',
  time: '12:00:00',
  dateTime: '2026-01-31T12:00:00Z',
  timestamp: '2026-01-31T12:00:00Z',
};

/** Component name for a collection's item schema; collection names are identifiers already. */
export function itemRef(collection: string, kind: 'Item' | 'Create' | 'Update' = 'Item'): string {
  return `#/components/schemas/${componentName(collection, kind)}`;
}

export function componentName(
  collection: string,
  kind: 'Item' | 'Create' | 'Update' = 'Item',
): string {
  return `${kind}_${collection.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

function choicesOf(field: FieldOverview): unknown[] | null {
  const options = field.meta?.options;
  if (!options || typeof options !== 'object' || Array.isArray(options)) return null;
  const choices = (options as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || !choices.length) return null;
  const values = choices
    .map((c) => (c && typeof c === 'object' && 'value' in c ? (c as { value: unknown }).value : c))
    .filter((v) => ['string', 'number', 'boolean'].includes(typeof v));
  return values.length ? values : null;
}

function nullable(schema: JsonSchema, field: FieldOverview): JsonSchema {
  if (!field.schema?.is_nullable || field.schema.is_primary_key) return schema;
  if (typeof schema.type === 'string') {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** The schema of a field's own value (a column), without relations. */
export function scalarSchema(field: FieldOverview): JsonSchema {
  const base: JsonSchema = { ...BY_TYPE[field.type] };
  const choices = choicesOf(field);
  if (choices) base.enum = choices;
  if (field.schema?.max_length && base.type === 'string') base.maxLength = field.schema.max_length;
  if (field.meta?.note) base.description = field.meta.note;
  if (field.meta?.readonly || field.schema?.is_generated) base.readOnly = true;
  const example = choices?.[0] ?? EXAMPLES[field.type];
  if (example !== undefined) base.examples = [example];
  return nullable(base, field);
}

/** Many-to-one relations by `collection.field`, one-to-many by `related.alias`. */
export interface RelationIndex {
  m2o: Map<string, string>;
  o2m: Map<string, string>;
}

export function relationIndex(schema: SchemaOverview): RelationIndex {
  const index: RelationIndex = { m2o: new Map(), o2m: new Map() };
  for (const r of schema.relations) {
    if (!r.related_collection) continue;
    index.m2o.set(`${r.collection}.${r.field}`, r.related_collection);
    if (r.meta?.one_field)
      index.o2m.set(`${r.related_collection}.${r.meta.one_field}`, r.collection);
  }
  return index;
}

/** How a relational field reads: the key, or the related item when it is expanded. */
export function relationalSchema(
  schema: SchemaOverview,
  index: RelationIndex,
  collection: CollectionOverview,
  field: FieldOverview,
  readable: (collection: string) => boolean,
): JsonSchema | null {
  const related = index.m2o.get(`${collection.collection}.${field.field}`);
  if (related) {
    const key = scalarSchema(field);
    if (!readable(related)) return key;
    return { anyOf: [key, { $ref: itemRef(related) }] };
  }
  if (field.type !== 'alias') return null;
  const many = index.o2m.get(`${collection.collection}.${field.field}`);
  const target = many ? schema.collections[many] : undefined;
  if (!many || !target) return null;
  const keyType = target.primary ? scalarSchema(target.fields[target.primary]) : {};
  const item = readable(many) ? { anyOf: [keyType, { $ref: itemRef(many) }] } : keyType;
  return { type: 'array', items: item };
}
