import 'server-only';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import { totpStep } from './totp';

/**
 * Records `step` as the user's last signed-in TOTP step, if it is later than the one on
 * record. Atomic, so two requests racing with one code cannot both pass.
 */
async function claimStep(db: Db, user: string, step: number): Promise<boolean> {
  const row = await db
    .insertInto('daas_tfa_steps')
    .values({ user, step })
    .onConflict((oc) =>
      oc
        .column('user')
        .doUpdateSet({ step: sql`excluded.step` })
        .where(sql<boolean>`daas_tfa_steps.step < excluded.step`),
    )
    .returning('step')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a code proves the second factor: right for the secret, and from a later time step
 * than any code the user proved it with before (RFC 6238, 5.2: a code is good once).
 */
export async function provesFactor(
  db: Db,
  user: string,
  secret: string,
  otp: string,
): Promise<boolean> {
  const step = totpStep(secret, otp);
  return step !== null && (await claimStep(db, user, step));
}
