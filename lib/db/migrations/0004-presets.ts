import { sql, type Kysely } from 'kysely';

/**
 * Saved views (Directus's presets): a user's last view of a collection (`bookmark` null)
 * and named bookmarks, owned by a user, shared with a role, or global (both null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table daas_presets (
    id serial primary key,
    bookmark varchar(255),
    "user" uuid references daas_users(id) on delete cascade,
    role uuid references daas_roles(id) on delete cascade,
    collection varchar(64) not null,
    search varchar(255),
    layout varchar(100) default 'tabular',
    layout_query jsonb,
    layout_options jsonb,
    refresh_interval integer,
    filter jsonb,
    icon varchar(64) default 'bookmark',
    color varchar(255)
  )`.execute(db);
  await sql`create index daas_presets_user on daas_presets ("user")`.execute(db);
  await sql`create index daas_presets_collection on daas_presets (collection)`.execute(db);
}
