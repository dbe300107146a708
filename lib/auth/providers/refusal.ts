import 'server-only';
import * as oidc from 'openid-client';
import { AppError, InvalidCredentialsError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';

/** One clear sentence per check the library refused; the library's own text goes to the log. */
const CHECKS: [RegExp, string][] = [
  [/"state"/, 'The sign-in state does not match; start the sign-in again'],
  [/"nonce"/, 'The ID token does not belong to this sign-in (nonce mismatch)'],
  [/"aud"|audience|"azp"/, 'The ID token was issued for another client'],
  [/"iss"|issuer/, 'The ID token was issued by another provider'],
  [/"exp"|timestamp|"iat"/, 'The ID token has expired'],
  [/signature/i, 'The ID token signature does not verify'],
];

/** openid-client's own message is generic; the failed check is named by its cause. */
function chain(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    parts.push(e.message);
  }
  return parts.join(' | ') || String(err);
}

/**
 * Turns what openid-client refused (or what the provider answered with an error) into the
 * sign-in refusal the client sees, a 401 naming the check that failed.
 */
export function providerRefusal(err: unknown, provider: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    return new InvalidCredentialsError(`The identity provider refused the sign-in (${err.error})`);
  }
  if (err instanceof oidc.ResponseBodyError) {
    logger.info({ provider, error: err.error }, 'identity provider token endpoint refused');
    if (err.error === 'invalid_grant') {
      return new InvalidCredentialsError(
        'The identity provider refused the authorization code (expired or already used)',
      );
    }
    return new InvalidCredentialsError(`The identity provider refused the sign-in (${err.error})`);
  }
  const message = chain(err);
  logger.info({ provider, reason: message }, 'identity provider answer refused');
  for (const [pattern, text] of CHECKS) {
    if (pattern.test(message)) return new InvalidCredentialsError(text);
  }
  return new InvalidCredentialsError("The identity provider's answer was refused");
}
