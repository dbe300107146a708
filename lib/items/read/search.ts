import { sql, type RawBuilder } from 'kysely';
import { config } from '@/lib/core/config';
import type { FieldOverview } from '@/lib/schema/overview';
import { escapeLike } from '../filter';
import { collectionOf } from '../relations-path';
import { readableValue, type ReadContext } from './context';

const TEXT_TYPES = new Set(['string', 'text', 'csv']);

/**
 * Which fields `?search=` reads (search rules 1): string, text and csv fields unless
 * meta.searchable is false; json only when meta.searchable is true; uuid, numbers, dates
 * and booleans never. Fields the caller cannot read are never searched.
 */
export function searchableFields(
  rc: ReadContext,
  collection: string,
): { text: FieldOverview[]; json: FieldOverview[] } {
  const text: FieldOverview[] = [];
  const json: FieldOverview[] = [];
  for (const f of Object.values(collectionOf(rc.schema, collection).fields)) {
    if (!f.schema || f.meta?.searchable === false) continue;
    if (rc.fieldAllowed && !rc.fieldAllowed(collection, f.field)) continue;
    if (TEXT_TYPES.has(f.type)) text.push(f);
    else if (f.type === 'json' && f.meta?.searchable === true) json.push(f);
  }
  return { text, json };
}

/**
 * The search condition over `alias`. Text columns: ILIKE on the escaped, bound term,
 * uncapped. Opted-in json columns (rule 3, 4): matched against their serialised text by a
 * dedicated subquery that picks at most JSONB_SEARCH_MATCH_LIMIT primary keys, in key order,
 * before any filter applies; so a filter plus a term found only in json content can
 * under-report (a matching row beyond the cap is not found). No searchable field: `false`
 * (rule 2), never every row.
 */
export function searchSql(
  rc: ReadContext,
  node: { collection: string; primary: string },
  alias: string,
  term: string,
): RawBuilder<boolean> {
  const { text, json } = searchableFields(rc, node.collection);
  if (!text.length && !json.length) return sql<boolean>`false`;
  const pattern = `%${escapeLike(term)}%`;
  // A field granted only on some rows is searched only there.
  const value = (field: string, a: string) =>
    readableValue(rc, { collection: node.collection, field, alias: a });
  const parts: RawBuilder<boolean>[] = text.map(
    (f) => sql<boolean>`${value(f.field, alias)} ilike ${pattern}`,
  );
  if (json.length) {
    const j = rc.nextAlias();
    const matches = sql.join(
      json.map((f) => sql`${value(f.field, j)}::text ilike ${pattern}`),
      sql` or `,
    );
    const pk = sql.id(node.primary);
    parts.push(
      sql<boolean>`${sql.id(alias)}.${pk} in (select ${sql.id(j)}.${pk} from ${sql.id(node.collection)} as ${sql.id(j)} where ${matches} order by ${sql.id(j)}.${pk} limit ${config().JSONB_SEARCH_MATCH_LIMIT})`,
    );
  }
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
