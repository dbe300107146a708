import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { CountMode } from '../query';
import { Recent, statementKey } from './count-memo';
import type { PageWindow } from './pagination';

/** Below this many rows the default (`estimated`) count is exact. */
export const EXACT_COUNT_THRESHOLD = 10_000;

/**
 * A table without statistics (never analysed, or analysed while empty) has no estimate
 * worth the name: the planner's guess from its size on disk can be a tenth of the rows.
 * Such a table is counted exactly up to this many rows, and never estimated below it.
 */
export const UNANALYSED_COUNT_CAP = 1_000_000;

export interface ListMeta {
  /** Rows of the collection the caller may see, whatever the filter and search. */
  total_count: number;
  /** Rows matching filter and search. */
  total: number;
  page: number;
  limit: number;
  /** Whether `total` is the planner's estimate rather than a count. */
  total_estimated: boolean;
  /** `total` again under Directus's name, when `meta=filter_count` (or `*`) asks for it. */
  filter_count?: number;
}

/** What the counts are over; enough to write them into the read's own statement. */
export interface CountScope {
  mode: CountMode;
  /** The collection's table, for the catalogue's row estimate. */
  table: string;
  /** `from <table> as <alias>` of the read. */
  from: RawBuilder<unknown>;
  /** Filter, search and the read access's item filter: the rows `total` counts. */
  where: RawBuilder<boolean>;
  /** The read access's item filter only: the rows `total_count` counts. */
  visible: RawBuilder<boolean>;
  /** No filter and no search: `where` and `visible` are the same rows, counted once. */
  sameRows: boolean;
  /** No item filter from the read access: `visible` is the whole table, which the catalogue can estimate. */
  wholeTable: boolean;
  /** A recent count of `where` (`visible`) went over the cap: left out (withKnownCounts). */
  overTotal?: boolean;
  overVisible?: boolean;
  /** The counted statements' keys, made once by withKnownCounts for looking up and learning. */
  totalKey?: string;
  visibleKey?: string;
}

/** The counts as read by the data statement (pg returns int8 as text). */
export interface CountedRow {
  total: string | number | null;
  visible: string | number | null;
  estimate: string | number | null;
  /** The table has no statistics to estimate from (asked only by the `estimated` mode). */
  nostats?: boolean | null;
  /** The table's statistics as the planner sees them (`estimated` mode): see statisticsKey. */
  stats?: string | null;
}

export interface CountInput extends CountScope {
  db: Db;
  window: PageWindow;
  returned: number;
  /** Whether a row follows the page (the window peeks one past it); null: not known. */
  more: boolean | null;
  /** The counts read along with the page; absent for `planned`, which asks EXPLAIN. */
  counted?: CountedRow;
  /** The `meta` parameter. */
  meta?: string[] | null;
}

interface Estimate {
  value: number;
  estimated: boolean;
}

async function planRows(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const res = await sql<{
    'QUERY PLAN': unknown;
  }>`explain (format json) ${query}`.execute(db);
  const raw = res.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: { 'Plan Rows': number };
  }[];
  return Math.max(0, Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * Planner estimates of filtered rows, by statement and the table's statistics (statisticsKey).
 * The planner's guess is the filter's selectivity (from statistics that ANALYZE rewrites,
 * along with the rows and pages the key holds) times the table's size now, so an entry
 * answers what EXPLAIN would while the key is the same: a person paging through a filtered
 * list costs one EXPLAIN, not one per page. The age limit covers what the key does not see
 * (another table's statistics, read by a relational filter).
 */
const plannedRows = new Recent<number>(60_000, 500);

async function estimateRows(
  db: Db,
  query: RawBuilder<unknown>,
  statistics: string | null | undefined,
): Promise<number> {
  if (!statistics) return planRows(db, query);
  const key = `${statistics}\u0000${statementKey(db, query)}`;
  const hit = plannedRows.get(key);
  if (hit !== undefined) return hit;
  const rows = await planRows(db, query);
  plannedRows.set(key, rows);
  return rows;
}

/**
 * Filters whose capped count went over the cap within the last minute. Their next pages
 * leave the count out of the statement and take the estimate: a person paging through a
 * large filtered list or search costs one count, not one per page. A count is over the cap
 * by thousands of rows, so a minute-old answer stays true but for a mass delete in that
 * minute, after which the total is still marked as estimated.
 */
const overCap = new Recent<true>(60_000, 1_000);

const rowsOf = (from: RawBuilder<unknown>, where: RawBuilder<boolean>) =>
  sql`select 1 from ${from} where ${where}`;

/** The scope with the counts a recent read found over the cap marked, to be left out. */
export function withKnownCounts(db: Db, scope: CountScope): CountScope {
  if (scope.mode !== 'estimated') return scope;
  const totalKey = statementKey(db, rowsOf(scope.from, scope.where));
  const visibleKey = scope.sameRows
    ? undefined
    : statementKey(db, rowsOf(scope.from, scope.visible));
  return {
    ...scope,
    totalKey,
    visibleKey,
    overTotal: overCap.get(totalKey) === true,
    overVisible: visibleKey !== undefined && overCap.get(visibleKey) === true,
  };
}

/**
 * The page settles `total` when it is not full, or when it is and no row follows it: it is
 * then offset + rows returned, whatever the mode, and costs nothing.
 */
function fromPage(input: CountInput): number | null {
  const { window, returned } = input;
  // An empty page past the end proves nothing about how many rows come before it.
  if (window.empty || (returned === 0 && window.offset > 0)) return null;
  if (window.limit === -1 || returned < window.limit) return window.offset + returned;
  // A full page with nothing after it (the window looked one row further) ends the rows.
  if (input.more === false) return window.offset + returned;
  return null;
}

/** Capped counts: at most THRESHOLD+1 rows are visited per count. */
function capped(from: RawBuilder<unknown>, where: RawBuilder<boolean>): RawBuilder<unknown> {
  return sql`(select count(*) from (select 1 from ${from} where ${where} limit ${EXACT_COUNT_THRESHOLD + 1}) as capped)::int8`;
}

/**
 * The table's size as the planner would guess it (rows per page from the last ANALYZE ×
 * the pages it has now), null when never analysed. A catalogue lookup, not a scan.
 */
function tableEstimate(table: string): RawBuilder<unknown> {
  return sql`(select case when c.relpages > 0 and c.reltuples >= 0 then (c.reltuples / c.relpages * greatest(pg_relation_size(c.oid) / current_setting('block_size')::int8, 1))::int8 end from pg_class as c where c.oid = to_regclass(quote_ident(${table})))`;
}

/** Whether the table lacks statistics to estimate from: a catalogue lookup, no scan. */
function noStatistics(table: string): RawBuilder<boolean> {
  return sql<boolean>`coalesce((select (c.reltuples < 0 or c.relpages = 0) from pg_class as c where c.oid = to_regclass(quote_ident(${table}))), true)`;
}

/**
 * The table's statistics as the planner reads them (rows and pages at the last ANALYZE, pages
 * now): a filtered estimate stays what it was while this does.
 */
function statisticsKey(table: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`(select c.reltuples::text || '/' || c.relpages || '/' || (pg_relation_size(c.oid) / current_setting('block_size')::int8) from pg_class as c where c.oid = to_regclass(quote_ident(${table})))`;
}

/**
 * Select-list columns `total`, `visible`, `estimate` (and `nostats`, `stats` for `estimated`) that
 * compute meta inside the read's one statement; null for `planned`, whose EXPLAIN is a
 * statement of its own by nature. `nostats` rides along so that a count over the cap needs
 * no second round trip to learn whether the catalogue can be trusted.
 */
export function countColumns(scope: CountScope): RawBuilder<unknown> | null {
  const { mode, from, where, visible, sameRows, wholeTable, table } = scope;
  if (mode === 'planned') return null;
  const count =
    mode === 'exact'
      ? (w: RawBuilder<boolean>) => sql`(select count(*) from ${from} where ${w})::int8`
      : (w: RawBuilder<boolean>) => capped(from, w);
  const estimate = mode === 'estimated' && wholeTable ? tableEstimate(table) : null;
  // The whole table's rows need no count when the catalogue already says there are more than
  // the cap: the count would be thrown away (null here reads as "over the cap").
  const wholeCount = (w: RawBuilder<boolean>) =>
    estimate
      ? sql`case when coalesce(${estimate}, 0) > ${EXACT_COUNT_THRESHOLD} then null else ${count(w)} end`
      : count(w);
  const skipped = sql`null::int8`;
  const total = scope.overTotal ? skipped : sameRows ? wholeCount(where) : count(where);
  const all = sameRows || scope.overVisible ? skipped : wholeCount(visible);
  const noStats = mode === 'estimated' ? noStatistics(table) : sql`null::boolean`;
  const stats = mode === 'estimated' ? statisticsKey(table) : sql`null::text`;
  return sql`${total} as total, ${all} as visible, ${estimate ?? sql`null::int8`} as estimate, ${noStats} as nostats, ${stats} as stats`;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** Whether the table lacks statistics to estimate from (catalogue lookup, no scan). */
async function unanalysed(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ none: boolean }>`select ${noStatistics(table)} as none`.execute(db);
  return rows[0]?.none ?? true;
}

/** Exact up to UNANALYSED_COUNT_CAP rows; past it, the planner's guess but never below the cap. */
async function countUpToCap(input: CountInput, w: RawBuilder<boolean>): Promise<Estimate> {
  const { db, from } = input;
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from (select 1
      from ${from} where ${w} limit ${UNANALYSED_COUNT_CAP + 1}) as capped`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  if (n <= UNANALYSED_COUNT_CAP) return { value: n, estimated: false };
  const guess = await planRows(db, rowsOf(from, w));
  return { value: Math.max(n, guess), estimated: true };
}

/** Counts read along with the page; beyond the cap, the catalogue or (filtered) EXPLAIN. */
async function fromCounted(
  input: CountInput,
  counted: CountedRow,
  needTotal: boolean,
): Promise<{ total: Estimate | null; all: Estimate }> {
  const { db, from, where, visible, sameRows, wholeTable } = input;
  // Null: not counted, because the catalogue's estimate was already over the cap.
  const skipped = EXACT_COUNT_THRESHOLD + 1;
  const total = num(counted.total) ?? skipped;
  const all = sameRows ? total : (num(counted.visible) ?? skipped);
  if (input.mode === 'exact') {
    return { total: { value: total, estimated: false }, all: { value: all, estimated: false } };
  }
  const over = (n: number): boolean => n > EXACT_COUNT_THRESHOLD;
  const learn = (n: string | number | null, key: string | undefined) => {
    if (key !== undefined && n !== null && over(Number(n))) overCap.set(key, true);
  };
  learn(counted.total, input.totalKey);
  learn(counted.visible, input.visibleKey);
  const table = num(counted.estimate);
  const explained = new Map<RawBuilder<boolean>, Promise<Estimate>>();
  let missingStats: Promise<boolean> | undefined;
  const estimate = async (w: RawBuilder<boolean>): Promise<Estimate> => {
    missingStats ??=
      typeof counted.nostats === 'boolean'
        ? Promise.resolve(counted.nostats)
        : unanalysed(db, input.table);
    if (await missingStats) return countUpToCap(input, w);
    const rows = await estimateRows(db, rowsOf(from, w), counted.stats);
    // Counted (now or lately) past the cap: a lower guess is known to be wrong.
    return { value: Math.max(rows, EXACT_COUNT_THRESHOLD + 1), estimated: true };
  };
  const beyond = async (w: RawBuilder<boolean>, whole: boolean): Promise<Estimate> => {
    if (whole && table !== null && over(table)) return { value: table, estimated: true };
    // Filtered, access-limited or without statistics: a second statement.
    if (!explained.has(w)) explained.set(w, estimate(w));
    return explained.get(w)!;
  };
  const totalEstimate = !needTotal
    ? null
    : over(total)
      ? await beyond(where, sameRows && wholeTable)
      : { value: total, estimated: false };
  const allEstimate = over(all)
    ? await beyond(sameRows ? where : visible, wholeTable)
    : { value: all, estimated: false };
  return { total: totalEstimate, all: allEstimate };
}

async function planned(
  input: CountInput,
  needTotal: boolean,
): Promise<{ total: Estimate | null; all: Estimate }> {
  const { db, from, where, visible } = input;
  const total = needTotal
    ? { value: await planRows(db, rowsOf(from, where)), estimated: true }
    : null;
  const all = {
    value: await planRows(db, rowsOf(from, visible)),
    estimated: true,
  };
  return { total, all };
}

/**
 * meta for a list read. `exact` counts every matching row; `planned` asks the planner
 * (EXPLAIN); `estimated` (default) counts up to 10,000 rows and estimates beyond (a table
 * without statistics: counts up to UNANALYSED_COUNT_CAP). An estimate is then corrected
 * against the page: never below the rows this page proves exist (one more when the page is
 * full), never above the offset of an empty page.
 */
export async function listMeta(input: CountInput): Promise<ListMeta> {
  const known = fromPage(input);
  const { total, all } = input.counted
    ? await fromCounted(input, input.counted, known === null)
    : await planned(input, known === null);
  let value = known ?? total?.value ?? 0;
  const estimated = known === null && Boolean(total?.estimated);
  if (estimated && !input.window.empty) {
    const { window, returned } = input;
    // A full page may have rows after it: an estimate never closes the way to them.
    const full = window.limit > 0 && returned === window.limit;
    value = Math.max(value, window.offset + returned + (full ? 1 : 0));
    if (returned === 0) value = Math.min(value, window.offset);
  }
  const meta: ListMeta = {
    total_count: all.estimated ? Math.max(all.value, value) : all.value,
    total: value,
    page: input.window.page,
    limit: input.window.limit,
    total_estimated: estimated,
  };
  const asked = input.meta ?? [];
  if (asked.includes('filter_count') || asked.includes('*')) meta.filter_count = value;
  return meta;
}
