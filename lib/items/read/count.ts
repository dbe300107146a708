import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { CountMode } from '../query';
import type { PageWindow } from './pagination';

/** Below this many rows the default (`estimated`) count is exact. */
export const EXACT_COUNT_THRESHOLD = 10_000;

export interface ListMeta {
  /** Rows of the collection the caller may see, whatever the filter and search. */
  total_count: number;
  /** Rows matching filter and search. */
  total: number;
  page: number;
  limit: number;
  /** Whether `total` is the planner's estimate rather than a count. */
  total_estimated: boolean;
}

export interface CountInput {
  db: Db;
  mode: CountMode;
  /** `from <table> as <alias>` of the read. */
  from: RawBuilder<unknown>;
  /** Filter, search and item policy: the rows `total` counts. */
  where: RawBuilder<boolean>;
  /** Item policy only: the rows `total_count` counts. */
  visible: RawBuilder<boolean>;
  window: PageWindow;
  returned: number;
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
 * The page's own size settles `total` when it is not full: it is then offset + rows
 * returned, whatever the mode, and costs nothing.
 */
function fromPage(input: CountInput): number | null {
  const { window, returned } = input;
  // An empty page past the end proves nothing about how many rows come before it.
  if (window.empty || (returned === 0 && window.offset > 0)) return null;
  if (window.limit === -1 || returned < window.limit) return window.offset + returned;
  return null;
}

/** Capped counts: at most THRESHOLD+1 rows are visited per count. */
function capped(from: RawBuilder<unknown>, where: RawBuilder<boolean>): RawBuilder<unknown> {
  return sql`(select count(*) from (select 1 from ${from} where ${where} limit ${EXACT_COUNT_THRESHOLD + 1}) as capped)::int8`;
}

async function counts(
  input: CountInput,
  exactTotal: boolean,
): Promise<{ total: Estimate | null; all: Estimate }> {
  const { db, mode, from, where, visible } = input;
  if (mode === 'exact') {
    const row = (
      await sql<{
        total: number | null;
        visible: number;
      }>`select ${exactTotal ? sql`(select count(*) from ${from} where ${where})::int8` : sql`null`} as total, (select count(*) from ${from} where ${visible})::int8 as visible`.execute(
        db,
      )
    ).rows[0];
    return {
      total: row.total === null ? null : { value: Number(row.total), estimated: false },
      all: { value: Number(row.visible), estimated: false },
    };
  }
  if (mode === 'planned') {
    const total = exactTotal
      ? { value: await planRows(db, sql`select 1 from ${from} where ${where}`), estimated: true }
      : null;
    const all = {
      value: await planRows(db, sql`select 1 from ${from} where ${visible}`),
      estimated: true,
    };
    return { total, all };
  }
  const row = (
    await sql<{
      total: number | null;
      visible: number;
    }>`select ${exactTotal ? capped(from, where) : sql`null`} as total, ${capped(from, visible)} as visible`.execute(
      db,
    )
  ).rows[0];
  const over = (n: number): boolean => n > EXACT_COUNT_THRESHOLD;
  let total: Estimate | null = null;
  if (row.total !== null) {
    total = over(Number(row.total))
      ? { value: await planRows(db, sql`select 1 from ${from} where ${where}`), estimated: true }
      : { value: Number(row.total), estimated: false };
  }
  const all = over(Number(row.visible))
    ? { value: await planRows(db, sql`select 1 from ${from} where ${visible}`), estimated: true }
    : { value: Number(row.visible), estimated: false };
  return { total, all };
}

/**
 * meta for a list read. `exact` counts every matching row; `planned` asks the planner
 * (EXPLAIN); `estimated` (default) counts up to 10,000 rows and asks the planner beyond.
 * An estimate is then corrected against the page: never below the rows this page proves
 * exist, never above the offset of an empty page.
 */
export async function listMeta(input: CountInput): Promise<ListMeta> {
  const known = fromPage(input);
  const { total, all } = await counts(input, known === null);
  let value = known ?? total?.value ?? 0;
  const estimated = known === null && Boolean(total?.estimated);
  if (estimated && !input.window.empty) {
    const { window, returned } = input;
    value = Math.max(value, window.offset + returned);
    if (returned === 0) value = Math.min(value, window.offset);
  }
  return {
    total_count: all.estimated ? Math.max(all.value, value) : all.value,
    total: value,
    page: input.window.page,
    limit: input.window.limit,
    total_estimated: estimated,
  };
}
