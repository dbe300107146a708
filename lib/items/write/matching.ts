import 'server-only';
import { sql } from 'kysely';
import { FailedValidationError, fieldError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import { compileFilter } from '../filter';
import type { Filter } from '../query';
import type { ItemsContext } from './context';
import type { Key } from './sql';

/** Which of a write's rows meet a filter, asked inside the write's transaction. */

/** The keys (as strings) among `keys` whose rows meet the filter. */
export async function keysMatching(
  ctx: ItemsContext,
  input: { collection: string; schema: SchemaOverview; pk: string },
  keys: Key[],
  filter: Filter,
): Promise<Set<string>> {
  const where = compileFilter(filter, {
    schema: input.schema,
    collection: input.collection,
    alias: input.collection,
    accountability: ctx.accountability,
  });
  const table = sql.id(input.collection);
  const pk = sql`${table}.${sql.id(input.pk)}`;
  const list = sql.join(keys.map((k) => sql`${k}`));
  const res = await sql<{
    k: unknown;
  }>`select ${pk} as k from ${table} where ${pk} in (${list}) and ${where}`.execute(ctx.db);
  return new Set(res.rows.map((r) => String(r.k)));
}

export async function countMatching(
  ctx: ItemsContext,
  input: { collection: string; schema: SchemaOverview; pk: string },
  keys: Key[],
  filter: Filter,
): Promise<number> {
  const where = compileFilter(filter, {
    schema: input.schema,
    collection: input.collection,
    alias: input.collection,
    accountability: ctx.accountability,
  });
  const table = sql.id(input.collection);
  const pk = sql`${table}.${sql.id(input.pk)}`;
  const list = sql.join(keys.map((k) => sql`${k}`));
  const res = await sql<{
    n: number;
  }>`select count(*)::integer as n from ${table} where ${pk} in (${list}) and ${where}`.execute(
    ctx.db,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * 400 FAILED_VALIDATION naming the field, with the rule's operator as its `type` (`_eq`,
 * `_starts_with`...), as Directus reports a failed validation filter.
 */
export function validationFailed(field: string, filter: unknown) {
  const rule = firstRule(filter, field) ?? firstRule(filter);
  return fieldError(FailedValidationError, `Validation failed for field "${field}"`, {
    field,
    type: rule?.operator ?? 'validation',
    message: `Doesn't meet the validation rule${rule?.operator ? ` (${rule.operator})` : ''}`,
  });
}

/** The first field a filter names (or `field`'s rule) with its first operator. */
export function firstRule(
  filter: unknown,
  field?: string,
): { field: string; operator: string | null } | null {
  if (!filter || typeof filter !== 'object') return null;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      for (const part of Array.isArray(value) ? value : []) {
        const found = firstRule(part, field);
        if (found) return found;
      }
    } else if (!key.startsWith('_') && (!field || key === field)) {
      const operator =
        value && typeof value === 'object'
          ? (Object.keys(value).find((k) => k.startsWith('_')) ?? null)
          : null;
      return { field: key, operator };
    }
  }
  return null;
}
