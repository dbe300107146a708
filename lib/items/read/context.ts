import { sql, type RawBuilder } from 'kysely';
import type { Accountability } from '@/lib/core/accountability';
import type { SchemaOverview } from '@/lib/schema/overview';
import { compileFilter, type FilterContext } from '../filter';
import type { Filter } from '../query';
import { allowsField, FULL_ACCESS, isRestricted, type ReadAccess } from './read-access';

/** Per-statement compilation state shared by every node of one read. */
export interface ReadContext {
  schema: SchemaOverview;
  accountability: Accountability | null;
  readAccess: ReadAccess;
  /** The read access limits the caller: unknown and refused names are the same 403. */
  restricted: boolean;
  /** Whether a field may be read; absent for admin reads that hide nothing. */
  fieldAllowed?: (collection: string, field: string) => boolean;
  relatedFilter?: (collection: string) => Filter | null;
  /** The rows on which a readable field may be read, when fewer than the collection's. */
  fieldFilter?: (collection: string, field: string) => Filter | null;
  /** The same as SQL over an alias; null when the field may be read on every visible row. */
  fieldRows?: (collection: string, field: string, alias: string) => RawBuilder<boolean> | null;
  /** The related-row condition as SQL over an alias (for count()). */
  relatedWhere?: (collection: string, alias: string) => RawBuilder<boolean> | null;
  nextAlias: () => string;
  now: Date;
}

export function readContext(input: {
  schema: SchemaOverview;
  accountability: Accountability | null;
  readAccess?: ReadAccess;
}): ReadContext {
  let n = 0;
  const readAccess = input.readAccess ?? FULL_ACCESS;
  const restricted = isRestricted(input.readAccess);
  const rc: ReadContext = {
    schema: input.schema,
    accountability: input.accountability,
    readAccess,
    restricted,
    fieldAllowed: restricted
      ? (c, f) => allowsField(readAccess(c), f)
      : input.readAccess
        ? // Admin read: only existing fields the read access hides are refused; unknown ones
          // fall through to the 400 naming them.
          (c, f) => allowsField(readAccess(c), f) || !input.schema.collections[c]?.fields[f]
        : undefined,
    relatedFilter: restricted ? (c) => readAccess(c).filter : undefined,
    // `r<n>`: never the `<alias>__f<n>` form the filter compiler derives from an alias.
    nextAlias: () => `r${n++}`,
    now: new Date(),
  };
  if (restricted) {
    rc.relatedWhere = (collection, alias) => {
      const permitted = readAccess(collection).filter;
      return permitted ? filterSql(rc, permitted, collection, alias, true) : null;
    };
    rc.fieldFilter = (collection, field) => readAccess(collection).fieldFilter?.(field) ?? null;
    rc.fieldRows = (collection, field, alias) => {
      const rows = rc.fieldFilter!(collection, field);
      return rows ? filterSql(rc, rows, collection, alias, true) : null;
    };
  }
  return rc;
}

/**
 * A field's value over `alias` as the caller may read it: the column itself, or null on
 * the rows where no permission granting the field applies.
 */
export function readableValue(
  rc: ReadContext,
  input: { collection: string; field: string; alias: string; value?: RawBuilder<unknown> },
): RawBuilder<unknown> {
  const value = input.value ?? sql`${sql.id(input.alias)}.${sql.id(input.field)}`;
  const rows = rc.fieldRows?.(input.collection, input.field, input.alias);
  return rows ? sql`(case when ${rows} then ${value} end)` : value;
}

/** A filter over `alias`, compiled with the caller's field and related-row restrictions. */
export function filterSql(
  rc: ReadContext,
  filter: Filter,
  collection: string,
  alias: string,
  /** The read access's own item filter may name fields the caller cannot read. */
  trusted = false,
): RawBuilder<boolean> {
  const ctx: FilterContext = {
    schema: rc.schema,
    collection,
    alias,
    accountability: rc.accountability,
    now: rc.now,
    fieldAllowed: trusted ? undefined : rc.fieldAllowed,
    fieldFilter: trusted ? undefined : rc.fieldFilter,
    relatedFilter: rc.relatedFilter,
  };
  return compileFilter(filter, ctx);
}

export function and(parts: RawBuilder<boolean>[]): RawBuilder<boolean> {
  if (!parts.length) return sql<boolean>`true`;
  if (parts.length === 1) return parts[0];
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
