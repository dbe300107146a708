import 'server-only';
import { sql } from 'kysely';
import { getDb, pgPool } from '@/lib/db/client';
import { InvalidPayloadError } from '@/lib/core/errors';

import { isSystemName, schemaHash } from './snapshot';
import type { LegacyColumn, LegacyForeignKey, LegacyTable, Snapshot } from './types';
import { isRecord } from '@/lib/core/guards';

export interface LegacyDiff {
  hash: string;
  tables: { added: LegacyTable[]; removed: LegacyTable[] };
  columns: {
    added: Pick<LegacyColumn, 'table_name' | 'column_name' | 'data_type' | 'is_nullable'>[];
    removed: Pick<LegacyColumn, 'table_name' | 'column_name' | 'data_type' | 'is_nullable'>[];
    changed: { key: string; current: ColumnFacts; snapshot: ColumnFacts }[];
  };
  foreign_keys: { added: LegacyForeignKey[]; removed: LegacyForeignKey[] };
}

type ColumnFacts = Pick<LegacyColumn, 'data_type' | 'is_nullable' | 'column_default'>;

function list(s: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = s[key] ?? [];
  if (!Array.isArray(value) || !value.every(isRecord)) {
    throw new InvalidPayloadError(`"${key}" must be an array of objects`);
  }
  return value;
}

const text = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));
const yesNo = (v: unknown): 'YES' | 'NO' =>
  v === false || v === 'NO' || v === 'no' ? 'NO' : 'YES';

/** The diff of a legacy snapshot (tables, columns, foreign keys only) against the live schema. */
export function legacyDiff(current: Snapshot, s: Record<string, unknown>): LegacyDiff {
  const user = (name: string) => !isSystemName(name);
  const tables = list(s, 'tables')
    .map((t) => ({
      table_name: text(t.table_name),
      table_type: text(t.table_type || 'BASE TABLE'),
    }))
    .filter((t) => user(t.table_name));
  const columns = list(s, 'columns')
    .map((c) => ({
      table_name: text(c.table_name),
      column_name: text(c.column_name),
      data_type: text(c.data_type),
      is_nullable: yesNo(c.is_nullable),
      column_default: (c.column_default ?? null) as LegacyColumn['column_default'],
      given: c,
    }))
    .filter((c) => user(c.table_name));
  const fks = list(s, 'foreign_keys')
    .map((f) => ({
      constraint_name: text(f.constraint_name),
      table_name: text(f.table_name),
      column_name: text(f.column_name),
    }))
    .filter((f) => user(f.table_name));

  const tableNames = new Set(tables.map((t) => t.table_name));
  const currentTables = new Set(current.tables.map((t) => t.table_name));
  const colKey = (c: { table_name: string; column_name: string }) =>
    `${c.table_name}.${c.column_name}`;
  const currentColumns = new Map(current.columns.map((c) => [colKey(c), c]));
  const columnKeys = new Set(columns.map(colKey));
  const fkKey = (f: LegacyForeignKey) => `${f.table_name}.${f.constraint_name}`;
  const fkKeys = new Set(fks.map(fkKey));
  const currentFks = new Set(current.foreign_keys.map(fkKey));
  const brief = (c: LegacyColumn) => ({
    table_name: c.table_name,
    column_name: c.column_name,
    data_type: c.data_type,
    is_nullable: c.is_nullable,
  });

  const changed: LegacyDiff['columns']['changed'] = [];
  for (const c of columns) {
    const now = currentColumns.get(colKey(c));
    if (!now) continue;
    const differs =
      now.data_type !== c.data_type ||
      (c.given.is_nullable !== undefined && now.is_nullable !== c.is_nullable) ||
      (c.given.column_default !== undefined &&
        String(now.column_default) !== String(c.column_default));
    if (!differs) continue;
    changed.push({
      key: colKey(c),
      current: {
        data_type: now.data_type,
        is_nullable: now.is_nullable,
        column_default: now.column_default,
      },
      snapshot: {
        data_type: c.data_type,
        is_nullable: c.is_nullable,
        column_default: c.column_default,
      },
    });
  }
  return {
    hash: schemaHash(current),
    tables: {
      added: tables.filter((t) => !currentTables.has(t.table_name)),
      removed: current.tables.filter((t) => !tableNames.has(t.table_name)),
    },
    columns: {
      added: columns.filter((c) => !currentColumns.has(colKey(c))).map(brief),
      removed: current.columns.filter((c) => !columnKeys.has(colKey(c))).map(brief),
      changed,
    },
    foreign_keys: {
      added: fks.filter((f) => !currentFks.has(fkKey(f))),
      removed: current.foreign_keys.filter((f) => !fkKeys.has(fkKey(f))),
    },
  };
}

export type SqlResult =
  { index: number; command: string; rowCount: number | null } | { index: number; error: string };

/** The first line of a database error: its own message, never a stack trace. */
function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].slice(0, 500) || 'Statement failed';
}

async function runOne(statement: string): Promise<{ command: string; rowCount: number | null }> {
  const pool = pgPool();
  if (pool) {
    const raw = await pool.query(statement);
    // Several statements in one string answer with one result each; the last one speaks.
    const result = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    return { command: result?.command ?? '', rowCount: result?.rowCount ?? null };
  }
  const result = await sql.raw(statement).execute(getDb());
  const keyword = /^\s*([a-z]+)/i.exec(statement)?.[1]?.toUpperCase() ?? '';
  const affected = result.numAffectedRows;
  return {
    command: keyword,
    rowCount:
      affected !== undefined ? Number(affected) : keyword === 'SELECT' ? result.rows.length : 0,
  };
}

/**
 * The legacy apply: administrator-written statements, one at a time and outside a
 * transaction, stopping at the first failure (earlier ones stay applied).
 */
export async function runSqlOperations(
  operations: { type: 'sql'; sql: string }[],
): Promise<{ applied: number; results: SqlResult[] }> {
  const results: SqlResult[] = [];
  let applied = 0;
  for (const [index, op] of operations.entries()) {
    try {
      results.push({ index, ...(await runOne(op.sql)) });
      applied++;
    } catch (err) {
      results.push({ index, error: messageOf(err) });
      break;
    }
  }
  return { applied, results };
}
