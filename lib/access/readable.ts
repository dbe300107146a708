import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';

/**
 * The collections the caller may read: every one for an administrator, otherwise those for
 * which one of the caller's policies has a `read` permission row.
 */
export async function readableCollections(ctx: {
  db: Db;
  accountability: Accountability;
}): Promise<Set<string> | 'all'> {
  if (ctx.accountability.admin) return 'all';
  const policies = ctx.accountability.policies;
  if (!policies.length) return new Set();
  const rows = await ctx.db
    .selectFrom('daas_permissions')
    .select('collection')
    .distinct()
    .where('policy', 'in', policies)
    .where('action', '=', 'read')
    .execute();
  return new Set(rows.map((r) => r.collection));
}

export function canRead(readable: Set<string> | 'all', collection: string): boolean {
  return readable === 'all' || readable.has(collection);
}
