import 'server-only';
import { sql } from 'kysely';
import { actorOf } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import type { CollectionOverview } from '@/lib/schema/overview';
import type { ItemsContext } from './context';
import type { Key, Row } from './sql';
import { activitySource } from '@/lib/activity/source';

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
 * One daas_activity row and one daas_revisions row per item, two multi-row statements
 * whatever the number of items, inside the caller's transaction.
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
  const { ctx, collection, action, entries } = input;
  const redact = input.redact ?? [];
  if (!entries.length || !audited(collection)) return;
  const who = ctx.accountability;
  const activity = await db
    .insertInto('daas_activity')
    .values(
      entries.map((e) => ({
        action,
        user: actorOf(who),
        ...activitySource(who, ctx.origin),
        collection: collection.collection,
        item: String(e.key),
      })),
    )
    .returning('id')
    .execute();
  const values = entries.map(
    (e, i) =>
      sql`(${activity[i].id}, ${collection.collection}, ${String(e.key)}, ${jsonText(e.data, redact)}::jsonb, ${jsonText(e.delta, redact)}::jsonb)`,
  );
  await sql`insert into daas_revisions (activity, collection, item, data, delta)
    values ${sql.join(values)}`.execute(db);
}
