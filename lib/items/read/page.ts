import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { RequestContext } from '@/lib/core/context';
import type { Query } from '../query';
import { and, filterSql, type ReadContext } from './context';
import { nodeWhere, rowJson, windowed, windowFrom } from './compile';
import { countColumns, listMeta, type CountedRow, type CountScope, type ListMeta } from './count';
import type { PageWindow } from './pagination';
import type { PlanNode } from './plan';
import { orderBy, sortKeys } from './sort';

export interface PageInput {
  plan: PlanNode;
  alias: string;
  where: RawBuilder<boolean>;
  window: PageWindow;
}

/**
 * The page's rows, each a finished JSON item built by PostgreSQL. A bounded page is chosen
 * first and projected after (windowFrom): a deep offset skips keys, not built items.
 */
export function pageSql(rc: ReadContext, input: PageInput): RawBuilder<{ item: unknown }> {
  const { plan, alias, where, window } = input;
  if (!windowed(window.limit, window.offset)) {
    return sql<{
      item: unknown;
    }>`select ${rowJson(rc, plan, alias)} as item from ${sql.id(plan.collection)} as ${sql.id(alias)} where ${where} order by ${orderBy(sortKeys(rc, plan, alias))}`;
  }
  const { from, keys } = windowFrom(rc, {
    node: plan,
    alias,
    where,
    limit: window.limit,
    offset: window.offset,
  });
  return sql<{
    item: unknown;
  }>`select ${rowJson(rc, plan, alias)} as item from ${from} order by ${orderBy(keys)}`;
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
): Promise<{ rows: unknown[]; counted?: CountedRow }> {
  const columns = countColumns(scope);
  if (!columns) {
    if (input.window.empty) return { rows: [] };
    const res = await pageSql(rc, input).execute(ctx.db);
    return { rows: res.rows.map((r) => r.item) };
  }
  if (input.window.empty) {
    const res = await sql<CountedRow>`select ${columns}`.execute(ctx.db);
    return { rows: [], counted: res.rows[0] };
  }
  const res = await sql<
    CountedRow & { item: unknown }
  >`select m.total, m.visible, m.estimate, m.nostats, p.item from (select ${columns}) as m left join (${pageSql(rc, input)}) as p on true`.execute(
    ctx.db,
  );
  const rows: unknown[] = [];
  for (const r of res.rows) if (r.item !== null) rows.push(r.item);
  return { rows, counted: res.rows[0] };
}

/** A list read's rows and meta, from one statement unless the count mode needs more. */
export async function readPage(
  rc: ReadContext,
  ctx: RequestContext,
  input: { plan: PlanNode; alias: string; query: Query; window: PageWindow },
): Promise<{ rows: unknown[]; meta: ListMeta }> {
  const { plan, alias, query, window } = input;
  const where = nodeWhere(rc, plan, alias);
  const scope: CountScope = {
    mode: query.count,
    table: plan.collection,
    from: sql`${sql.id(plan.collection)} as ${sql.id(alias)}`,
    where,
    visible: plan.access.filter
      ? filterSql(rc, plan.access.filter, plan.collection, alias, true)
      : and([]),
    sameRows: !plan.filter && (plan.search === null || plan.search === ''),
    wholeTable: !plan.access.filter,
  };
  const { rows, counted } = await selectPage(rc, ctx, { plan, alias, where, window }, scope);
  const meta = await listMeta({
    ...scope,
    db: ctx.db,
    window,
    returned: rows.length,
    counted,
    meta: query.meta,
  });
  return { rows, meta };
}
