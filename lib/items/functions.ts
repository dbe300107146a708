import { sql, type RawBuilder } from 'kysely';
import { InvalidQueryError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import type { FieldType } from '@/lib/schema/types';
import { checkedField } from './filter/context';
import { relationOf } from './relations-path';

/**
 * Function fields: `year(date_created)`, `count(tags)`, `json(metadata, a.b[0])`. Usable in
 * filters, fields, sort and groupBy. Names and paths are checked here; only resolved names
 * reach SQL (as identifiers) and json paths are bound.
 */
export const DATE_FUNCTIONS = [
  'year',
  'month',
  'week',
  'day',
  'weekday',
  'hour',
  'minute',
  'second',
] as const;
export const FIELD_FUNCTIONS = [...DATE_FUNCTIONS, 'count', 'json'] as const;
export type FieldFunction = (typeof FIELD_FUNCTIONS)[number];

const EXTRACT: Record<(typeof DATE_FUNCTIONS)[number], string> = {
  year: 'year',
  month: 'month',
  week: 'week',
  day: 'day',
  weekday: 'dow',
  hour: 'hour',
  minute: 'minute',
  second: 'second',
};
const DATE_PARTS = new Set(['year', 'month', 'week', 'day', 'weekday']);
const TIME_PARTS = new Set(['hour', 'minute', 'second']);

export interface FunctionContext {
  schema: SchemaOverview;
  collection: string;
  alias: string;
  fieldAllowed?: (collection: string, field: string) => boolean;
  /**
   * The caller's row condition on a related collection (its item permissions), so count()
   * counts only related rows the caller could read.
   */
  relatedWhere?: (collection: string, alias: string) => RawBuilder<boolean> | null;
  /**
   * The rows on which a field may be read, as SQL over `alias`, when not every row the
   * caller sees: the function reads null elsewhere.
   */
  fieldRows?: (collection: string, field: string, alias: string) => RawBuilder<boolean> | null;
  /** Makes subquery aliases unique within one statement; a fresh counter is used otherwise. */
  nextAlias?: () => string;
}

export interface CompiledFunction {
  sql: RawBuilder<unknown>;
  type: FieldType;
  fn: FieldFunction;
  /** The field the function reads. */
  field: string;
}

const CALL = /^(\w+)\((.*)\)$/s;

/** `fn(args)` split, or null when the key is not a function call. */
export function parseFunctionCall(expr: string): { fn: string; args: string } | null {
  const m = CALL.exec(expr);
  return m ? { fn: m[1], args: m[2].trim() } : null;
}

export function isFunctionCall(expr: string): boolean {
  return CALL.test(expr);
}

/** `a.b[0].c` → ['a', 'b', '0', 'c']; anything else is a 400. */
export function parseJsonPath(path: string): string[] {
  const out: string[] = [];
  const segments = path.replace(/^\$\.?/, '').split('.');
  if (path.length > 500 || segments.length > 32)
    throw new InvalidQueryError('JSON path is too long');
  for (const segment of segments) {
    const m = /^([\w-]*)((?:\[\d{1,9}\])*)$/.exec(segment);
    if (!m || (!m[1] && !m[2])) {
      throw new InvalidQueryError(`Invalid JSON path "${path.slice(0, 80)}"`);
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(idx[1]);
  }
  return out;
}

export function compileFunctionField(expr: string, ctx: FunctionContext): CompiledFunction {
  const call = parseFunctionCall(expr);
  if (!call) throw new InvalidQueryError(`"${expr.slice(0, 80)}" is not a function call`);
  const fn = call.fn as FieldFunction;
  if (!(FIELD_FUNCTIONS as readonly string[]).includes(fn)) {
    throw new InvalidQueryError(`Unknown function "${call.fn.slice(0, 40)}"`);
  }
  let fieldName = call.args;
  let jsonPath: string[] = [];
  if (fn === 'json') {
    const comma = call.args.indexOf(',');
    if (comma < 0) throw new InvalidQueryError('json() takes a field and a path: json(field, a.b)');
    fieldName = call.args.slice(0, comma).trim();
    jsonPath = parseJsonPath(call.args.slice(comma + 1).trim());
  }
  const field = checkedField(ctx, ctx.collection, fieldName);
  const rows = ctx.fieldRows?.(ctx.collection, field.field, ctx.alias) ?? null;
  const readable = (value: RawBuilder<unknown>) =>
    rows ? sql`(case when ${rows} then ${value} end)` : value;
  const column = readable(sql`${sql.id(ctx.alias)}.${sql.id(field.field)}`);

  if (fn === 'count') {
    const hop = relationOf(ctx.schema, ctx.collection, field.field);
    if (!hop || hop.kind === 'm2o') {
      throw new InvalidQueryError(
        `Function count() needs a one-to-many or many-to-many field; "${field.field}" is not one`,
      );
    }
    const sub = ctx.nextAlias ? ctx.nextAlias() : `${ctx.alias}__count`;
    const permitted = ctx.relatedWhere?.(hop.related, sub);
    // Only related rows whose link back the caller may read.
    const linked = ctx.fieldRows?.(hop.related, hop.relatedField, sub);
    const guard = sql`${permitted ? sql` and ${permitted}` : sql``}${linked ? sql` and ${linked}` : sql``}`;
    return {
      fn,
      field: field.field,
      type: 'integer',
      sql: readable(
        sql`(select count(*)::integer from ${sql.id(hop.related)} as ${sql.id(sub)} where ${sql.id(sub)}.${sql.id(hop.relatedField)} = ${sql.id(ctx.alias)}.${sql.id(hop.key)}${guard})`,
      ),
    };
  }
  if (fn === 'json') {
    if (field.type !== 'json') {
      throw new InvalidQueryError(
        `Function json() is not valid for field "${field.field}" of type ${field.type}`,
      );
    }
    const parts = sql.join(jsonPath.map((p) => sql`${p}`));
    return {
      fn,
      field: field.field,
      type: 'text',
      sql: sql`(${column} #>> array[${parts}]::text[])`,
    };
  }
  const ok =
    ['dateTime', 'timestamp'].includes(field.type) ||
    (field.type === 'date' && DATE_PARTS.has(fn)) ||
    (field.type === 'time' && TIME_PARTS.has(fn));
  if (!ok) {
    throw new InvalidQueryError(
      `Function ${fn}() is not valid for field "${field.field}" of type ${field.type}`,
    );
  }
  return {
    fn,
    field: field.field,
    type: 'integer',
    sql: sql`cast(floor(extract(${sql.raw(EXTRACT[fn as keyof typeof EXTRACT])} from ${column})) as integer)`,
  };
}
