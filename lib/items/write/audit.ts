import 'server-only';
import { sql } from 'kysely';
import { actorOf } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import type { CollectionOverview } from '@/lib/schema/overview';
import type { ItemsContext } from './context';
import type { Key, Row } from './sql';
import { activitySource } from '@/lib/core/activity-source';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  key: Key;
  /** The whole item after the change (before it, for a delete). */
  data: Row | null;
  /** The fields the change set. */
  delta: Row | null;
}

/** Directus: a collection whose accountability is set to null keeps no activity. */
export function audited(collection: CollectionOverview): boolean {
  return collection.meta?.accountability !== null;
}

function jsonText(value: Row | null, redact: readonly string[]): string | null {
  if (value === null) return null;
  if (!redact.length) return JSON.stringify(value);
  return JSON.stringify(
    Object.fromEntries(Object.entries(value).filter(([k]) => !redact.includes(k))),
  );
}

/**
 * One daas_activity row and one daas_revisions row per item: one statement whatever the
 * number of items (the revisions take their activity ids from the insert's RETURNING, joined
 * on the item key), inside the caller's transaction.
 */
export async function recordActivity(
  db: Db,
  input: {
    ctx: ItemsContext;
    collection: CollectionOverview;
    action: AuditAction;
    entries: AuditEntry[];
    /** Write-only fields kept out of the revision (password hashes, tokens). */
    redact?: readonly string[];
  },
): Promise<void> {
  const { ctx, collection, action, entries, redact = [] } = input;
  if (!entries.length || !audited(collection)) return;
  const who = ctx.accountability;
  const source = activitySource(who, ctx.origin);
  const name = collection.collection;
  const rows = entries.map(
    (e, i) =>
      sql`(${i}::int, ${String(e.key)}::text, ${jsonText(e.data, redact)}::jsonb, ${jsonText(e.delta, redact)}::jsonb)`,
  );
  await sql`with entry (ord, item, data, delta) as (values ${sql.join(rows)}),
    logged as (
      insert into daas_activity (action, "user", ip, user_agent, origin, collection, item)
      select ${action}, ${actorOf(who)}::uuid, ${source.ip}, ${source.user_agent}, ${source.origin}, ${name}, entry.item
      from entry order by entry.ord
      returning id, item
    )
    insert into daas_revisions (activity, collection, item, data, delta)
    select logged.id, ${name}, logged.item, entry.data, entry.delta
    from logged join entry on entry.item = logged.item`.execute(db);
}
