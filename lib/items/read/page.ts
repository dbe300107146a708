import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { RequestContext } from '@/lib/core/context';
import type { Query } from '../query';
import { and, filterSql, type ReadContext } from './context';
import { nodeWhere, rowJson, windowed, windowFrom } from './compile';
import {
  countColumns,
  listMeta,
  withKnownCounts,
  type CountedRow,
  type CountScope,
  type ListMeta,
} from './count';
import { JsonText } from './json-text';
import type { PageWindow } from './pagination';
import type { PlanNode } from './plan';
import { orderBy, sortKeys } from './sort';

export interface PageInput {
  plan: PlanNode;
  alias: string;
  where: RawBuilder<boolean>;
  window: PageWindow;
  /** Items as JSON text (JsonText), not parsed by the driver: see JsonText. */
  asText?: boolean;
}

/** A page's rows as the statement returns them: `more` marks the row past the page. */
type PageRow = { item: unknown; more: boolean | null };

/**
 * The page's rows, each a finished JSON item built by PostgreSQL. A bounded page is chosen
 * first and projected after (windowFrom): a deep offset skips keys, not built items. The
 * window takes one row more than the page and leaves it unbuilt (`more`): whether a next
 * page exists is then known, not guessed from an estimate.
 */
export function pageSql(rc: ReadContext, input: PageInput): RawBuilder<PageRow> {
  const { plan, alias, where, window } = input;
  const json = () =>
    input.asText ? sql`${rowJson(rc, plan, alias)}::text` : rowJson(rc, plan, alias);
  if (!windowed(window.limit, window.offset)) {
    return sql<PageRow>`select ${json()} as item, false as more from ${sql.id(plan.collection)} as ${sql.id(alias)} where ${where} order by ${orderBy(sortKeys(rc, plan, alias))}`;
  }
  const peek = window.limit > 0;
  const { from, keys } = windowFrom(rc, {
    node: plan,
    alias,
    where,
    limit: peek ? window.limit + 1 : window.limit,
    offset: window.offset,
  });
  if (!peek) {
    return sql<PageRow>`select ${json()} as item, false as more from ${from} order by ${orderBy(keys)}`;
  }
  // The row past the page is numbered out, so its item (relations included) is never built.
  const past = sql`row_number() over (order by ${orderBy(keys)}) > ${window.limit}`;
  return sql<PageRow>`select case when ${past} then null else ${json()} end as item, ${past} as more from ${from} order by ${orderBy(keys)}`;
}

/** The page's items, and whether a row follows them (null: not asked). */
function splitPage(rows: PageRow[], input: PageInput): { rows: unknown[]; more: boolean | null } {
  const { window, asText } = input;
  const items: unknown[] = [];
  let more = false;
  for (const r of rows) {
    if (r.more) more = true;
    else if (r.item !== null && r.item !== undefined) {
      items.push(asText ? new JsonText(r.item as string) : r.item);
    }
  }
  return { rows: items, more: window.limit > 0 ? more : null };
}

/**
 * The page and its counts in one statement: the counts are a one-row derived table
 * left-joined to the page on true, so an empty page still brings them and the page keeps
 * its order (a nested loop over a single outer row). `planned` alone adds its EXPLAIN.
 */
async function selectPage(
  rc: ReadContext,
  ctx: RequestContext,
  input: PageInput,
  scope: CountScope,
): Promise<{ rows: unknown[]; more: boolean | null; counted?: CountedRow }> {
  const columns = countColumns(scope);
  if (!columns) {
    if (input.window.empty) return { rows: [], more: false };
    const res = await pageSql(rc, input).execute(ctx.db);
    return splitPage(res.rows, input);
  }
  if (input.window.empty) {
    const res = await sql<CountedRow>`select ${columns}`.execute(ctx.db);
    return { rows: [], more: false, counted: res.rows[0] };
  }
  const res = await sql<
    CountedRow & PageRow
  >`select m.total, m.visible, m.estimate, m.nostats, m.stats, p.item, p.more from (select ${columns}) as m left join (${pageSql(rc, input)}) as p on true`.execute(
    ctx.db,
  );
  return { ...splitPage(res.rows, input), counted: res.rows[0] };
}

/** A list read's rows and meta, from one statement unless the count mode needs more. */
export async function readPage(
  rc: ReadContext,
  ctx: RequestContext,
  input: { plan: PlanNode; alias: string; query: Query; window: PageWindow; asText?: boolean },
): Promise<{ rows: unknown[]; meta: ListMeta }> {
  const { plan, alias, query, window, asText } = input;
  const where = nodeWhere(rc, plan, alias);
  const scope: CountScope = withKnownCounts(ctx.db, {
    mode: query.count,
    table: plan.collection,
    from: sql`${sql.id(plan.collection)} as ${sql.id(alias)}`,
    where,
    visible: plan.access.filter
      ? filterSql(rc, plan.access.filter, plan.collection, alias, true)
      : and([]),
    sameRows: !plan.filter && (plan.search === null || plan.search === ''),
    wholeTable: !plan.access.filter,
  });
  const { rows, more, counted } = await selectPage(
    rc,
    ctx,
    { plan, alias, where, window, asText },
    scope,
  );
  const meta = await listMeta({
    ...scope,
    db: ctx.db,
    window,
    returned: rows.length,
    more,
    counted,
    meta: query.meta,
  });
  return { rows, meta };
}
