import { sql, type Kysely } from 'kysely';

/**
 * The last TOTP time step each user signed in with: a code is accepted once (RFC 6238,
 * section 5.2), so one seen over a shoulder or in a proxy log cannot be replayed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table daas_tfa_steps (
    "user" uuid primary key references daas_users(id) on delete cascade,
    step bigint not null
  )`.execute(db);
}
