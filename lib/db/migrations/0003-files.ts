import { sql, type Kysely } from 'kysely';

/**
 * Files follow the tenancy of the request like any collection with a scope field: a file
 * uploaded in a scope belongs to it. Transformed images are cached in storage, keyed by
 * the file; nothing else about them is kept in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table daas_files
    add column scope uuid references daas_scope_items(id) on delete set null`.execute(db);
  await sql`create index daas_files_scope on daas_files (scope)`.execute(db);
  await sql`create index daas_folders_parent on daas_folders (parent)`.execute(db);
}
