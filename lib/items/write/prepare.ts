import 'server-only';
import { fieldError, InvalidPayloadError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/guards';
import type { CollectionOverview, FieldOverview, SchemaOverview } from '@/lib/schema/overview';
import { anyRelationOf, relationOf, type M2MHop, type O2MHop } from '../relations-path';
import type { ItemsContext } from './context';
import { anyItemColumn } from './nested-any';
import { withSpecials } from './specials';
import type { Key, Row } from './sql';
import { coerceValue, FieldProblems, generatedKey, isRequired, requiredError } from './validate';

/**
 * What turning a payload into columns needs of the writer: related objects given in place of
 * a key are written through it first. Declared here so this file and writer.ts don't depend
 * on each other; the writer passes itself in.
 */
export interface PayloadWriter {
  readonly ctx: ItemsContext;
  readonly schema: SchemaOverview;
  upsert(collection: string, data: Record<string, unknown>): Promise<Key>;
}

/** A payload as the row's own columns, and the x-to-many values written after the row. */
export interface Prepared {
  columns: Row;
  related: { hop: O2MHop | M2MHop; value: unknown }[];
}

async function column(field: FieldOverview, value: unknown): Promise<unknown> {
  if (value === null) {
    if (field.schema && !field.schema.is_nullable) throw requiredError(field);
    return null;
  }
  return coerceValue(field, value);
}

/**
 * Checks and coerces every value of a create's or update's payload. Every bad value is
 * reported at once, each on its field; a related object (many-to-one or many-to-any) is
 * created or updated first and its key taken as the column's value.
 */
export async function preparePayload(
  writer: PayloadWriter,
  c: CollectionOverview & { primary: string },
  payload: unknown,
  mode: 'create' | 'update',
): Promise<Prepared> {
  if (!isRecord(payload)) throw new InvalidPayloadError('Payload must be an object');
  const { schema } = writer;
  const out: Prepared = { columns: {}, related: [] };
  const problems = new FieldProblems();
  for (const [name, value] of Object.entries(payload)) {
    if (!Object.hasOwn(c.fields, name)) {
      throw fieldError(
        InvalidPayloadError,
        `Field "${name}" doesn't exist in collection "${c.collection}"`,
        { field: name, type: 'unknown_field', message: "Doesn't exist in this collection" },
      );
    }
    const field = c.fields[name];
    if (!field.schema) {
      const hop = relationOf(schema, c.collection, name);
      if (hop && hop.kind !== 'm2o') out.related.push({ hop, value });
      // Presentation aliases (dividers, groups) hold no data; a value for them is ignored.
      continue;
    }
    if (field.schema.is_generated) {
      problems.add(
        fieldError(InvalidPayloadError, `Field "${name}" is generated and can't be written`, {
          field: name,
          type: 'generated',
          message: "Is generated and can't be written",
        }),
      );
      continue;
    }
    const any =
      isRecord(value) || Number.isSafeInteger(value)
        ? anyRelationOf(schema, c.collection, name)
        : null;
    if (any) {
      // An item of the collection the row names: linked by key, or created or updated.
      const item = value as Row | number;
      out.columns[name] = await coerceValue(
        field,
        await anyItemColumn(writer, { any, row: payload, item }),
      );
      continue;
    }
    const related = relationOf(schema, c.collection, name);
    if (related?.kind === 'm2o' && isRecord(value)) {
      // A related object instead of a key: create or update it first, then link its key.
      out.columns[name] = await coerceValue(field, await writer.upsert(related.related, value));
      continue;
    }
    await problems.check(async () => (out.columns[name] = await column(field, value)));
  }
  problems.throwAny();
  out.columns = withSpecials({
    collection: c,
    columns: out.columns,
    mode,
    accountability: writer.ctx.accountability,
  });
  if (mode === 'create') {
    for (const field of Object.values(c.fields)) {
      if (out.columns[field.field] !== undefined || !isRequired(field)) continue;
      const generated = field.field === c.primary ? generatedKey(field) : undefined;
      if (generated === undefined) problems.add(requiredError(field));
      else out.columns[field.field] = generated;
    }
    problems.throwAny();
  }
  return out;
}

/** Every value goes to a column of this table: no alias field, no related object. */
export function plainColumns(schema: SchemaOverview, c: CollectionOverview, payload: Row): boolean {
  return Object.entries(payload).every(([name, value]) => {
    const field = Object.hasOwn(c.fields, name) ? c.fields[name] : undefined;
    if (!field?.schema) return false;
    if (isRecord(value) && anyRelationOf(schema, c.collection, name)) return false;
    return !(isRecord(value) && relationOf(schema, c.collection, name)?.kind === 'm2o');
  });
}
