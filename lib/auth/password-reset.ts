import 'server-only';
import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { publicUrl } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { invalidField, InvalidTokenError } from '@/lib/core/errors';
import { sendMailQuietly } from '@/lib/mail/send';
import { hashPassword } from '@/lib/core/passwords';
import { signingKey } from './secret';
import { endUserSessions } from './sessions';

const SCOPE = 'password-reset';
const ISSUER = 'daas';
const RESET_TTL_SECONDS = 60 * 60;
export const MIN_PASSWORD_LENGTH = 8;

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

export const passwordRequestBody = z
  .object({ email: z.string().min(1).max(255), reset_url: z.string().max(2048).optional() })
  .strict();

export const passwordResetBody = z
  .object({ token: z.string().min(1).max(4096), password: passwordSchema })
  .strict();

/**
 * Binds a reset token to the password it replaces: once the password changes, every token
 * issued before no longer matches, which makes each link single use without storing it.
 */
function passwordFingerprint(stored: string | null): string {
  return crypto
    .createHash('sha256')
    .update(stored ?? '')
    .digest('base64url')
    .slice(0, 22);
}

export async function signResetToken(user: { id: string; password: string | null }) {
  return new SignJWT({ scope: SCOPE, pwd: passwordFingerprint(user.password) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(SCOPE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + RESET_TTL_SECONDS)
    .sign(signingKey());
}

/** The page the mail links to: ours, or a `reset_url` on the same origin as PUBLIC_URL. */
function resetPage(resetUrl: string | undefined): URL {
  const base = publicUrl();
  if (!resetUrl) return new URL(`${base}/en/reset-password`);
  let url: URL;
  try {
    url = new URL(resetUrl);
  } catch {
    throw invalidField('reset_url', 'must be an absolute URL');
  }
  // Only our own origin: otherwise anyone could have a reset token mailed to their site.
  if (url.origin !== new URL(base).origin) {
    throw invalidField('reset_url', 'must be on the origin of PUBLIC_URL');
  }
  return url;
}

async function findActiveUser(db: Db, email: string) {
  const user = await db
    .selectFrom('daas_users')
    .select(['id', 'email', 'password', 'status'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return user?.status === 'active' && user.email ? user : null;
}

/**
 * Always answers the same (204), whether the address exists or not. The mail goes out after
 * the answer, so the time taken by SMTP does not tell either.
 */
export async function requestPasswordReset(
  input: z.infer<typeof passwordRequestBody>,
  ctx: RequestContext,
): Promise<void> {
  // Checked before the lookup, so a bad reset_url is refused for known and unknown alike.
  const link = resetPage(input.reset_url);
  const user = await findActiveUser(ctx.db, input.email);
  if (!user) return;
  link.searchParams.set('token', await signResetToken(user));
  void sendMailQuietly(ctx.db, {
    to: user.email!,
    subject: 'Password reset request',
    text: [
      'A password reset was requested for your account.',
      '',
      `Open this link within an hour to choose a new password:`,
      link.toString(),
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

async function verifyResetToken(db: Db, token: string) {
  let sub: string;
  let pwd: unknown;
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ISSUER,
      audience: SCOPE,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'iat', 'exp', 'pwd'],
    });
    if (payload.scope !== SCOPE || typeof payload.sub !== 'string') throw new InvalidTokenError();
    sub = payload.sub;
    pwd = payload.pwd;
  } catch {
    throw new InvalidTokenError();
  }
  const user = await db
    .selectFrom('daas_users')
    .select(['id', 'password', 'status'])
    .where('id', '=', sub)
    .executeTakeFirst();
  if (!user || user.status !== 'active' || pwd !== passwordFingerprint(user.password)) {
    throw new InvalidTokenError();
  }
  return user;
}

/** Sets the new password and ends every session of the user: whoever held one is out. */
export async function resetPassword(
  input: z.infer<typeof passwordResetBody>,
  ctx: RequestContext,
): Promise<void> {
  const user = await verifyResetToken(ctx.db, input.token);
  const hashed = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    // Guarded by the old hash: of two concurrent uses of one token, only one changes it.
    const done = await trx
      .updateTable('daas_users')
      .set({ password: hashed })
      .where('id', '=', user.id)
      .where((eb) =>
        user.password === null ? eb('password', 'is', null) : eb('password', '=', user.password),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new InvalidTokenError();
    await endUserSessions(trx, user.id);
  });
}
