import { sql, type Kysely } from 'kysely';

/**
 * One account per identity at a provider: two first sign-ins racing for the same identity
 * cannot both create a user (the email index alone misses identities without an email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index daas_users_provider_identity on daas_users (provider, external_identifier)`.execute(
    db,
  );
}
