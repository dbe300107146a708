import { sql, type Kysely } from 'kysely';

/** Named image transforms (`/api/assets/:id?key=thumbnail`), as Directus' storage_asset_presets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table daas_settings
    add column storage_asset_presets jsonb not null default '[]'::jsonb`.execute(db);
}
