import { sql, type Kysely } from 'kysely';

/**
 * Comments on items (Directus 11's `comments`): a text on one item of one collection,
 * owned by the user who wrote it. The item key is text, as keys of any type are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table daas_comments (
    id uuid primary key default gen_random_uuid(),
    collection varchar(64) not null,
    item varchar(255) not null,
    comment text not null,
    date_created timestamptz default now(),
    date_updated timestamptz,
    user_created uuid references daas_users(id) on delete set null,
    user_updated uuid references daas_users(id) on delete set null
  )`.execute(db);
  await sql`create index daas_comments_item on daas_comments (collection, item)`.execute(db);
}
