import 'server-only';
import { z } from 'zod';
import { resolveUserAccess } from '@/lib/access/policies';
import { config } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import {
  InvalidCredentialsError,
  InvalidOtpError,
  InvalidPayloadError,
  UnauthenticatedError,
} from '@/lib/core/errors';
import { loadSettings } from '@/lib/settings/cache';
import { recordUserActivity } from './audit';
import { verifyPassword } from '@/lib/core/passwords';
import { limitAttempt } from '@/lib/rate-limit';
import type { AuthMode, GrantOutcome } from './sessions';
import { randomToken, tokenHash } from './tokens';
import { provesFactor } from './otp-once';
import { generateTotpSecret, otpauthUrl, verifyTotp } from './totp';
import { logFailedSignIn } from './sign-in-log';

const otp = z.string().min(1).max(16);

export const tfaGenerateBody = z.object({ password: z.string().min(1).max(1024) }).strict();
export const tfaEnableBody = z
  .object({ secret: z.string().regex(/^[A-Za-z2-7]{16,128}=*$/, 'Not a base32 secret'), otp })
  .strict();
export const tfaDisableBody = z.object({ otp }).strict();
export const mfaVerifyBody = z
  .object({ otp, mode: z.enum(['json', 'session']).optional() })
  .strict();

export const tfaGenerateResponse = z.object({ secret: z.string(), otpauth_url: z.string() });

/**
 * Whether a user must present a second factor: one enrolled, MFA_FORCE_ENABLED, or a policy
 * with `enforce_tfa`. Users without a factor who must have one reach level 1 only, which
 * lets them enrol and nothing else.
 */
export async function mfaExpected(
  db: Db,
  user: { id: string; role: string | null; tfa_secret: string | null },
): Promise<boolean> {
  if (user.tfa_secret || config().MFA_FORCE_ENABLED) return true;
  // `enforce_tfa` counts from every address, so no address is needed here.
  return (await resolveUserAccess(db, { id: user.id, role: user.role, ip: null })).enforceTfa;
}

async function me(ctx: RequestContext) {
  const id = ctx.accountability.user;
  if (!id) throw new UnauthenticatedError();
  const user = await ctx.db
    .selectFrom('daas_users')
    .select(['id', 'email', 'password', 'role', 'tfa_secret'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw new UnauthenticatedError();
  return user;
}

/**
 * Wrong codes count towards the same limits as wrong passwords, per user and per address.
 * A code that proves the factor (`prove`) is good once; the first code of an enrolment
 * only shows the app has the secret, so it may then also finish signing in.
 */
function checkOtp(ctx: RequestContext, user: string, secret: string, code: string, prove = true) {
  return limitAttempt('otp', { account: user, ip: ctx.accountability.ip }, async () => {
    const ok = prove ? await provesFactor(ctx.db, user, secret, code) : verifyTotp(secret, code);
    if (!ok) throw new InvalidOtpError();
  });
}

/**
 * A fresh secret for the caller to enrol, after the password is checked again. Nothing is
 * stored: the client sends the secret back with a first code to `enable`.
 */
export async function generateTfa(
  input: z.infer<typeof tfaGenerateBody>,
  ctx: RequestContext,
): Promise<z.infer<typeof tfaGenerateResponse>> {
  const user = await me(ctx);
  if (user.tfa_secret) throw new InvalidPayloadError('A second factor is already enabled');
  await limitAttempt('otp', { account: user.id, ip: ctx.accountability.ip }, async () => {
    if (!user.password || !(await verifyPassword(user.password, input.password))) {
      throw new InvalidCredentialsError();
    }
  });
  const secret = generateTotpSecret();
  const { project_name } = await loadSettings(ctx.db);
  return { secret, otpauth_url: otpauthUrl(secret, user.email ?? user.id, project_name) };
}

export async function enableTfa(
  input: z.infer<typeof tfaEnableBody>,
  ctx: RequestContext,
): Promise<void> {
  const user = await me(ctx);
  if (user.tfa_secret) throw new InvalidPayloadError('A second factor is already enabled');
  const secret = input.secret.toUpperCase().replace(/=+$/, '');
  await checkOtp(ctx, user.id, secret, input.otp, false);
  await ctx.db
    .updateTable('daas_users')
    .set({ tfa_secret: secret })
    .where('id', '=', user.id)
    .where('tfa_secret', 'is', null)
    .execute();
  await recordUserActivity(ctx.db, {
    action: 'tfa.enable',
    user: user.id,
    who: ctx.accountability,
  });
}

/** Refused while MFA is forced or a policy enforces it: the user would only have to enrol again. */
export async function disableTfa(
  input: z.infer<typeof tfaDisableBody>,
  ctx: RequestContext,
): Promise<void> {
  const user = await me(ctx);
  if (!user.tfa_secret) throw new InvalidPayloadError('No second factor is enabled');
  await checkOtp(ctx, user.id, user.tfa_secret, input.otp);
  if (await mfaExpected(ctx.db, { ...user, tfa_secret: null })) {
    throw new InvalidPayloadError('Multi-factor authentication is enforced for this user');
  }
  await ctx.db
    .updateTable('daas_users')
    .set({ tfa_secret: null })
    .where('id', '=', user.id)
    .execute();
  await recordUserActivity(ctx.db, {
    action: 'tfa.disable',
    user: user.id,
    who: ctx.accountability,
  });
}

/**
 * Raises the caller's session to level 2 with a valid code and answers new tokens (a new
 * refresh token too: the level belongs to the session, so a refresh keeps it). In session
 * mode the cookie is renewed.
 */
export async function verifyMfa(
  input: z.infer<typeof mfaVerifyBody> & { hasCookie: boolean },
  ctx: RequestContext,
): Promise<GrantOutcome> {
  const session = ctx.accountability.session;
  if (!session) throw new InvalidPayloadError('Only a signed-in session can be verified');
  const user = await me(ctx);
  if (!user.tfa_secret) throw new InvalidPayloadError('No second factor is enabled');
  await checkOtp(ctx, user.id, user.tfa_secret, input.otp).catch((err: unknown) => {
    logFailedSignIn(err, { method: 'otp', user: user.id, ip: ctx.accountability.ip });
    throw err;
  });

  const refreshToken = randomToken();
  const row = await ctx.db
    .updateTable('daas_sessions')
    .set((eb) => ({
      previous_token_hash: eb.ref('token_hash'),
      token_hash: tokenHash(refreshToken),
      assurance: 2,
    }))
    .where('id', '=', session)
    .where('user', '=', user.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new InvalidCredentialsError('Invalid session');
  const mode: AuthMode = input.mode ?? (input.hasCookie ? 'session' : 'json');
  return { grant: { session, user: user.id, aal: 2, refreshToken }, mode };
}
