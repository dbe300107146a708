import 'server-only';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { FieldsMetaTable } from '@/lib/core/tables';
import { fieldError, InvalidPayloadError } from '@/lib/core/errors';
import {
  assertColumnField,
  COLUMN_TYPES,
  indexName,
  specialFor,
  type ColumnField,
  type ColumnType,
} from './ddl';
import { assertIdentifier } from './identifiers';
import { ALIAS_SPECIALS, type FieldCreateInput, type FieldMetaInput } from './payloads';

const JSON_META = [
  'special',
  'options',
  'display_options',
  'translations',
  'conditions',
  'validation',
] as const;

/** Metadata as daas_fields column values: JSON columns serialised, identity keys left out. */
export function metaValues(meta: FieldMetaInput | null | undefined): Updateable<FieldsMetaTable> {
  if (!meta) return {};
  const { id: _id, collection: _c, field: _f, system: _s, ...rest } = meta;
  const values: Record<string, unknown> = { ...rest };
  for (const key of JSON_META) {
    if (values[key] !== undefined)
      values[key] = values[key] === null ? null : JSON.stringify(values[key]);
  }
  return values as Updateable<FieldsMetaTable>;
}

function withSpecial(
  meta: FieldMetaInput | null | undefined,
  needed: string[],
): FieldMetaInput | null {
  if (!meta && !needed.length) return null;
  const special = [...(meta?.special ?? [])];
  for (const s of needed) if (!special.includes(s)) special.push(s);
  return { ...(meta ?? {}), special: special.length ? special : (meta?.special ?? null) };
}

/** Inserts or merges the metadata row of a field. */
export async function upsertFieldMeta(
  db: Db,
  target: { collection: string; field: string },
  meta: FieldMetaInput | null | undefined,
): Promise<void> {
  const values = metaValues(meta);
  const existing = await db
    .selectFrom('daas_fields')
    .select('id')
    .where('collection', '=', target.collection)
    .where('field', '=', target.field)
    .executeTakeFirst();
  if (existing) {
    if (Object.keys(values).length) {
      await db.updateTable('daas_fields').set(values).where('id', '=', existing.id).execute();
    }
    return;
  }
  await db
    .insertInto('daas_fields')
    .values({ ...values, ...target } as Insertable<FieldsMetaTable>)
    .execute();
}

export function isAliasPayload(p: FieldCreateInput): boolean {
  return p.type === 'alias';
}

/** Checks a field payload and returns what its column (if any) and metadata row will be. */
export function planField(p: FieldCreateInput): {
  column: ColumnField | null;
  meta: FieldMetaInput | null;
} {
  const name = assertIdentifier(p.field, 'field');
  if (p.type === 'alias') {
    const special = p.meta?.special ?? [];
    if (!special.some((s) => ALIAS_SPECIALS.includes(s))) {
      const why = `needs meta.special with one of ${ALIAS_SPECIALS.join(', ')}`;
      throw fieldError(InvalidPayloadError, `Alias field "${name}" ${why}`, {
        field: 'meta',
        path: ['meta', 'special'],
        type: 'invalid',
        message: why,
      });
    }
    return { column: null, meta: p.meta ?? null };
  }
  if (!COLUMN_TYPES.includes(p.type as ColumnType)) {
    throw fieldError(InvalidPayloadError, `Unknown field type "${p.type}"`, {
      field: 'type',
      type: 'invalid',
      message: `Unknown field type "${p.type}"`,
    });
  }
  const type = p.type as ColumnType;
  const column: ColumnField = { field: name, type, schema: p.schema ?? {} };
  assertColumnField(column);
  return { column, meta: withSpecial(p.meta, specialFor(type)) };
}

/** A single-column index for `schema.is_indexed` (unique columns already have one). */
export async function createColumnIndex(db: Db, table: string, column: ColumnField): Promise<void> {
  const s = column.schema ?? {};
  if (!s.is_indexed || s.is_unique || s.is_primary_key) return;
  await sql`create index ${sql.id(indexName(table, [column.field], 'index'))} on ${sql.id(table)} (${sql.id(column.field)})`.execute(
    db,
  );
}
