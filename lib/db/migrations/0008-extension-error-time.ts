import { sql, type Kysely } from 'kysely';

/** When an extension last failed, so the studio can tell a stale error from a fresh one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table daas_extensions add column last_error_at timestamptz`.execute(db);
}
