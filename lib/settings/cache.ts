import 'server-only';
import type { Selectable } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { SettingsTable } from '@/lib/core/tables';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

export type SettingsRow = Selectable<SettingsTable>;

// Read on every request (CORS), so it is cached; writes through lib/settings clear it.
const TTL_MS = 10_000;
let cached: { row: SettingsRow; at: number } | null = null;

onSiblingNotice('settings', () => (cached = null));

export function invalidateSettings(): void {
  cached = null;
  tellSiblings('settings');
}

/** The one settings row, created with its defaults on first read. */
export async function loadSettings(db: Db): Promise<SettingsRow> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.row;
  let row = await db
    .selectFrom('daas_settings')
    .selectAll()
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) {
    row = await db
      .insertInto('daas_settings')
      .defaultValues()
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  cached = { row, at: Date.now() };
  return row;
}
