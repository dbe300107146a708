import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { InvalidCredentialsError, InvalidOtpError } from '@/lib/core/errors';
import { recordUserActivity } from './audit';
import { mfaExpected } from './mfa';
import { verifyAgainstDummy, verifyPassword } from '@/lib/core/passwords';
import { limitAttempt } from '@/lib/rate-limit';
import { createSession, type GrantOutcome } from './sessions';
import { provesFactor } from './otp-once';
import { logFailedSignIn } from './sign-in-log';

export const authMode = z.enum(['json', 'session']).default('json');

export const loginBody = z
  .object({
    email: z.string().min(1).max(255),
    password: z.string().min(1).max(1024),
    otp: z.string().max(16).optional(),
    mode: authMode,
  })
  .strict();

export type LoginInput = z.infer<typeof loginBody>;

/** `refresh_token` only in `json` mode; in `session` mode it travels in the cookie. */
export const tokensResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires: z.number().int().describe('Access token lifetime in milliseconds'),
});

interface Candidate {
  id: string;
  role: string | null;
  tfa_secret: string | null;
}

/**
 * The password check alone, kept apart from issuing tokens so a rate limiter (per address,
 * per account) can wrap it. An unknown email costs one argon2 verification too, and every
 * failure gives the same answer, so neither timing nor message tells whether it exists.
 */
export async function checkCredentials(
  db: Db,
  input: { email: string; password: string },
): Promise<Candidate> {
  const user = await db
    .selectFrom('daas_users')
    .select(['id', 'password', 'status', 'role', 'tfa_secret'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user?.password) {
    await verifyAgainstDummy(input.password);
    throw new InvalidCredentialsError();
  }
  const ok = await verifyPassword(user.password, input.password);
  if (!ok || user.status !== 'active') throw new InvalidCredentialsError();
  return { id: user.id, role: user.role, tfa_secret: user.tfa_secret };
}

/**
 * Assurance level of the new session: a user with a TOTP factor reaches level 2 only with a
 * valid code; one who must have a factor but has none yet (forced, or a policy enforcing it)
 * gets level 1, enough to enrol; anyone else has nothing more to prove.
 */
async function assuranceFor(db: Db, user: Candidate, otp: string | undefined): Promise<1 | 2> {
  if (!user.tfa_secret) return (await mfaExpected(db, user)) ? 1 : 2;
  if (otp === undefined || otp === '') return 1;
  if (!(await provesFactor(db, user.id, user.tfa_secret, otp))) throw new InvalidOtpError();
  return 2;
}

/**
 * Wrong passwords and wrong codes count against the email and the address (see
 * rate-limit.ts); a locked account is refused before its password is even checked.
 */
export async function login(input: LoginInput, ctx: RequestContext): Promise<GrantOutcome> {
  const { ip } = ctx.accountability;
  const { user, aal } = await limitAttempt('login', { account: input.email, ip }, async () => {
    const user = await checkCredentials(ctx.db, input);
    return { user, aal: await assuranceFor(ctx.db, user, input.otp) };
  }).catch((err: unknown) => {
    logFailedSignIn(err, { method: 'password', email: input.email, ip });
    throw err;
  });
  return { grant: await startSession(ctx, user.id, aal), mode: input.mode };
}

/** A new session for a user who proved who they are, with its activity row. */
export async function startSession(ctx: RequestContext, user: string, aal: 1 | 2) {
  const { ip, userAgent } = ctx.accountability;
  return ctx.db.transaction().execute(async (trx) => {
    const created = await createSession(trx, { user, aal, ip, userAgent });
    await trx
      .updateTable('daas_users')
      .set({ last_access: new Date() })
      .where('id', '=', user)
      .execute();
    await recordUserActivity(trx, { action: 'login', user, who: ctx.accountability });
    return created;
  });
}
