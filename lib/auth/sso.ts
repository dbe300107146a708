import 'server-only';
import { sql } from 'kysely';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { config } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  InvalidTokenError,
  TokenExpiredError,
  InvalidCredentialsError,
} from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { authMode, startSession } from './login';
import { mfaExpected } from './mfa';
import { limitCalls } from '@/lib/rate-limit';
import type { GrantOutcome } from './sessions';
import { logFailedSignIn } from './sign-in-log';
import { isUuid } from '@/lib/core/guards';

export const ssoBody = z.object({ token: z.string().min(1).max(8192), mode: authMode }).strict();

export type SsoInput = z.infer<typeof ssoBody>;

/** A hand-off token lives at most this long (`exp - iat`), per the specification. */
const MAX_LIFETIME_S = 300;
/** Clock skew tolerated for an `iat` in the future. */
const FUTURE_SKEW_S = 30;

function secret(): Uint8Array {
  const value = config().SSO_SECRET;
  // Unset: nothing can verify, a configuration fault (500, logged), not the caller's.
  if (!value) throw new Error('SSO_SECRET is not set; POST /api/auth/sso cannot verify tokens');
  return new TextEncoder().encode(value);
}

interface SsoClaims {
  sub: string;
  jti: string;
  exp: number;
}

/**
 * HS256 with SSO_SECRET only. A signature that does not verify means the platform and this
 * service hold different secrets: the specification answers that with a 500 (generic body,
 * reason in the log). Any other defect of the token is the caller's: 401.
 */
async function verifySsoToken(token: string): Promise<SsoClaims> {
  const key = secret();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
    }));
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed) {
      throw new Error('SSO token signature does not verify with SSO_SECRET (secrets differ?)');
    }
    if (err instanceof errors.JWTExpired) throw new TokenExpiredError();
    throw new InvalidTokenError();
  }
  const { sub, jti, iat, exp } = payload;
  if (!isUuid(sub)) throw new InvalidTokenError();
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 255) {
    throw new InvalidTokenError();
  }
  if (typeof iat !== 'number' || typeof exp !== 'number') throw new InvalidTokenError();
  if (exp - iat > MAX_LIFETIME_S || exp <= iat) throw new InvalidTokenError();
  if (iat > Date.now() / 1000 + FUTURE_SKEW_S) throw new InvalidTokenError();
  return { sub, jti, exp };
}

/**
 * Marks the token spent. The primary key decides between concurrent redemptions: the second
 * insert waits for the first to commit and then inserts nothing, so exactly one wins.
 */
async function spend(db: Db, claims: SsoClaims): Promise<void> {
  const spent = db.withTables<{ daas_sso_tokens: { jti: string; expires_at: Date } }>();
  await spent
    .deleteFrom('daas_sso_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const row = await spent
    .insertInto('daas_sso_tokens')
    .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  if (!row) throw new InvalidTokenError();
}

export function ssoRateLimit() {
  const c = config();
  return { points: c.SSO_RATE_LIMIT_POINTS, duration: c.SSO_RATE_LIMIT_DURATION };
}

/**
 * `POST /api/auth/sso`: a platform's short-lived, single-use token for a session, answered
 * like a login. Every request counts against the caller's address, whatever its outcome.
 */
export async function redeemSso(input: SsoInput, ctx: RequestContext): Promise<GrantOutcome> {
  return redeem(input, ctx).catch((err: unknown) => {
    logFailedSignIn(err, { method: 'sso', ip: ctx.accountability.ip });
    throw err;
  });
}

async function redeem(input: SsoInput, ctx: RequestContext): Promise<GrantOutcome> {
  await limitCalls('sso:ip', ctx.accountability.ip ?? 'unknown', ssoRateLimit());
  const claims = await verifySsoToken(input.token);
  await spend(ctx.db, claims);
  const user = await ctx.db
    .selectFrom('daas_users')
    .select(['id', 'role', 'status', 'tfa_secret'])
    .where('id', '=', claims.sub)
    .executeTakeFirst();
  if (!user || user.status !== 'active') throw new InvalidCredentialsError();
  // A second factor cannot be proved through a hand-off: such users sign in themselves.
  if (user.tfa_secret) {
    // A plain 403, not the ForbiddenError an anonymous caller is told as 401: the platform's
    // signed token already named this user, so the refusal reveals nothing new.
    throw new AppError(
      'FORBIDDEN',
      403,
      'Users with multi-factor authentication cannot sign in via SSO',
    );
  }
  const aal = (await mfaExpected(ctx.db, user)) ? 1 : 2;
  return { grant: await startSession(ctx, user.id, aal), mode: input.mode };
}
