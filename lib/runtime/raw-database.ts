import 'server-only';
import { CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';

/**
 * `context.services.database.raw(sql, bindings)`: the specification's raw database client
 * for stored code. It bypasses row-level security (no accountability, no item filter, no
 * field list, no hooks): it is there for code an administrator wrote, and only
 * administrators may store extensions. Values still travel as bound parameters (`$1`...),
 * and the statement runs on the caller's connection, so inside a write hook it joins that
 * write's transaction.
 */
const rawInput = z.object({
  sql: z.string().min(1).max(100_000),
  bindings: z
    .array(z.union([z.string().max(10_000_000), z.number(), z.boolean(), z.null()]))
    .max(10_000),
});

/** Rows as JSON can carry them: a PGlite int8 arrives as a BigInt. */
function jsonSafe(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? v.toString() : v;
  return out;
}

export async function rawStatement(
  input: { sql: unknown; bindings: unknown },
  ctx: Pick<RequestContext, 'db'>,
): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
  const { sql, bindings } = rawInput.parse({ sql: input.sql, bindings: input.bindings ?? [] });
  const result = await ctx.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(sql, bindings),
  );
  const rows = result.rows.map(jsonSafe);
  // PGlite reports 0 affected rows for a select: the rows answered count then.
  const affected = Number(result.numAffectedRows ?? 0);
  return { rows, rowCount: Math.max(affected, rows.length) };
}
