import 'server-only';
import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';

export type SignInMethod = 'password' | 'otp' | 'provider' | 'sso';

/**
 * `ad***@example.com`: enough for an administrator to recognise an account, not enough to
 * harvest addresses from the log. Anything that is no address keeps its first two
 * characters only.
 */
export function maskEmail(email: string): string {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return `${value.slice(0, 2)}***`;
  return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
}

/** The same address always gives the same digest, so repeated attempts can be told apart. */
export function emailDigest(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

/**
 * A warning line in the log for every refused sign-in: the method, the refusal's code, the
 * address it came from and who it was for (a masked email or a user id), never the password
 * or code. Failures of the server itself (5xx) are logged where every 5xx answer is.
 */
export function logFailedSignIn(
  err: unknown,
  attempt: {
    method: SignInMethod;
    ip: string | null;
    email?: string;
    user?: string;
    provider?: string;
  },
): void {
  if (!(err instanceof AppError) || err.status >= 500) return;
  const { method, ip, email, user, provider } = attempt;
  logger.warn(
    {
      event: 'auth.login.failed',
      method,
      reason: err.code,
      status: err.status,
      ip,
      ...(email !== undefined && { email: maskEmail(email), email_hash: emailDigest(email) }),
      ...(user !== undefined && { user }),
      ...(provider !== undefined && { provider }),
    },
    'sign-in failed',
  );
}
