import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { fieldError, InvalidPayloadError } from '@/lib/core/errors';
import { COLUMN_TYPES, columnType, defaultSql, specialFor, type ColumnType } from './ddl';
import { schemaChangeError } from './ddl-errors';
import { upsertFieldMeta } from './field-write';
import { assertWritable, fieldOf, readableCollection, readField } from './fields';
import { setColumnIndex } from './indexes';
import {
  invalidateSchema,
  reloadSchema,
  type FieldOverview,
  type FieldSchemaInfo,
} from './overview';
import type { FieldMetaInput, FieldSchemaInput, FieldUpdateInput } from './payloads';

const TYPE_SPECIALS = ['cast-csv', 'hash'];

function sameDefault(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const text = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
  return text(a).toLowerCase() === text(b).toLowerCase();
}

interface ColumnPlan {
  newType: string | null;
  typeName: ColumnType;
  defaultChange: { value: unknown } | null;
  nullable: boolean | null;
  unique: boolean | null;
  indexed: boolean | null;
}

/** What must change in the column, refusing what can't be changed safely. */
function planColumn(
  field: FieldOverview,
  current: FieldSchemaInfo,
  body: FieldUpdateInput,
): ColumnPlan {
  const s: FieldSchemaInput = body.schema ?? {};
  const name = field.field;
  // `key`: the payload key at fault, `type` or one under `schema`.
  const refuse = (why: string, key: string): never => {
    const at = key === 'type' ? { field: 'type' } : { field: 'schema', path: ['schema', key] };
    throw fieldError(InvalidPayloadError, `Field "${name}": ${why}`, {
      ...at,
      type: 'invalid',
      message: why,
    });
  };
  if (body.type === 'alias') refuse('a column field can not become an alias', 'type');
  if (s.is_primary_key !== undefined && s.is_primary_key !== current.is_primary_key) {
    refuse('changing the primary key is not supported', 'is_primary_key');
  }
  if (s.has_auto_increment !== undefined && s.has_auto_increment !== current.has_auto_increment) {
    refuse('changing auto increment is not supported', 'has_auto_increment');
  }
  const target = (body.type ?? field.type) as ColumnType;
  const typeChanged = body.type !== undefined && body.type !== field.type;
  const sizeChanged =
    (s.max_length != null && s.max_length !== current.max_length) ||
    (target === 'decimal' &&
      ((s.numeric_precision != null && s.numeric_precision !== current.numeric_precision) ||
        (s.numeric_scale != null && s.numeric_scale !== current.numeric_scale)));
  let newType: string | null = null;
  if (typeChanged || sizeChanged) {
    if (!COLUMN_TYPES.includes(target))
      refuse(`the type of an ${field.type} column can't be derived`, 'type');
    if (current.is_primary_key && typeChanged)
      refuse('the type of a primary key can not be changed', 'type');
    const keep = !typeChanged;
    newType = columnType(
      target,
      {
        max_length: s.max_length ?? (keep ? current.max_length : null),
        numeric_precision: s.numeric_precision ?? (keep ? current.numeric_precision : null),
        numeric_scale: s.numeric_scale ?? (keep ? current.numeric_scale : null),
      },
      name,
    );
  }
  let defaultChange: ColumnPlan['defaultChange'] = null;
  if (
    'default_value' in s &&
    !current.has_auto_increment &&
    !sameDefault(s.default_value, current.default_value)
  ) {
    defaultChange = { value: s.default_value ?? null };
  } else if (newType && current.default_value !== null) {
    // The old default is written again in the new type (or refused if it doesn't fit).
    defaultChange = { value: current.default_value };
  }
  const nullable =
    s.is_nullable !== undefined && s.is_nullable !== current.is_nullable ? s.is_nullable : null;
  if (nullable === true && current.is_primary_key)
    refuse('a primary key can not be nullable', 'is_nullable');
  const unique =
    s.is_unique !== undefined && s.is_unique !== current.is_unique && !current.is_primary_key
      ? s.is_unique
      : null;
  const wantsIndex = s.is_indexed ?? s.has_index;
  const indexed =
    wantsIndex !== undefined &&
    wantsIndex !== current.has_index &&
    !current.is_primary_key &&
    !(s.is_unique ?? current.is_unique)
      ? wantsIndex
      : null;
  return { newType, typeName: target, defaultChange, nullable, unique, indexed };
}

async function applyColumnPlan(
  db: Db,
  table: string,
  column: string,
  plan: ColumnPlan,
): Promise<void> {
  const t = sql.id(table);
  const c = sql.id(column);
  // The default is cleared first: a type change can't convert most defaults by itself.
  if (plan.defaultChange) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
  if (plan.newType) {
    const type = sql.raw(plan.newType);
    // To a string type, the assignment cast errors on too-long values where an explicit cast
    // would silently cut them.
    const using =
      plan.typeName === 'string' || plan.typeName === 'hash' ? sql`` : sql`using ${c}::${type}`;
    await sql`alter table ${t} alter column ${c} type ${type} ${using}`.execute(db);
  }
  if (plan.defaultChange && plan.defaultChange.value !== null) {
    const d = defaultSql(column, plan.typeName, plan.defaultChange.value);
    if (d) await sql`alter table ${t} alter column ${c} set default ${d}`.execute(db);
  }
  if (plan.nullable === false) {
    const hasNull = await sql<{
      found: boolean;
    }>`select exists(select 1 from ${t} where ${c} is null) as found`.execute(db);
    if (hasNull.rows[0]?.found) {
      throw fieldError(InvalidPayloadError, `Field "${column}" has null values`, {
        field: 'schema',
        path: ['schema', 'is_nullable'],
        type: 'invalid',
        message: 'Has null values',
      });
    }
    await sql`alter table ${t} alter column ${c} set not null`.execute(db);
  }
  if (plan.nullable === true)
    await sql`alter table ${t} alter column ${c} drop not null`.execute(db);
  if (plan.unique !== null)
    await setColumnIndex(db, { table, column, unique: true, present: plan.unique });
  if (plan.indexed !== null)
    await setColumnIndex(db, { table, column, unique: false, present: plan.indexed });
}

/** The metadata to write: the body's meta, with csv/hash flags following a type change. */
function nextMeta(
  field: FieldOverview,
  body: FieldUpdateInput,
  typeName: ColumnType | null,
): FieldMetaInput | null {
  const meta = body.meta ?? null;
  if (!typeName || body.type === undefined || body.type === field.type) return meta;
  const base = (meta?.special ?? field.meta?.special ?? []).filter(
    (s) => !TYPE_SPECIALS.includes(s),
  );
  const special = [...base, ...specialFor(typeName)];
  if (!meta && !field.meta && !special.length) return null;
  return { ...(meta ?? {}), special: special.length ? special : null };
}

export async function updateField(
  input: { params: { collection: string; field: string }; body: FieldUpdateInput },
  ctx: RequestContext,
): Promise<FieldOverview> {
  const collection = await readableCollection(ctx, input.params.collection);
  const field = fieldOf(collection, input.params.field);
  assertWritable(collection);
  const body = input.body;
  if (body.field !== undefined && body.field !== field.field) {
    throw new InvalidPayloadError('Renaming a field is not supported');
  }
  if (body.collection !== undefined && body.collection !== collection.collection) {
    throw new InvalidPayloadError('"collection" in the body does not match the path');
  }
  let plan: ColumnPlan | null = null;
  if (field.schema) {
    if (collection.type === 'view' && (body.schema || body.type)) {
      throw new InvalidPayloadError(
        `Collection "${collection.collection}" is a view: its columns can't be changed`,
      );
    }
    plan = planColumn(field, field.schema, body);
  } else if (body.type !== undefined && body.type !== 'alias') {
    throw fieldError(
      InvalidPayloadError,
      `Field "${field.field}" is an alias: it has no column to change`,
      { field: 'type', type: 'invalid', message: 'An alias has no column to change' },
    );
  }
  const meta = nextMeta(field, body, plan?.newType ? plan.typeName : null);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (plan) await applyColumnPlan(trx, collection.collection, field.field, plan);
      if (meta)
        await upsertFieldMeta(trx, { collection: collection.collection, field: field.field }, meta);
    });
  } catch (err) {
    throw schemaChangeError(err, `Cannot change field "${field.field}"`);
  }
  invalidateSchema();
  const fresh = await reloadSchema(ctx);
  return readField({ params: { collection: collection.collection, field: field.field } }, fresh);
}
