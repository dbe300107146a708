import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import {
  type AuthMode,
  endSession,
  endSessionByToken,
  type GrantOutcome,
  rotateSession,
} from './sessions';
import { recordUserActivity } from './audit';

const tokenBody = z
  .object({
    refresh_token: z.string().min(1).max(512).optional(),
    mode: z.enum(['json', 'session']).optional(),
  })
  .strict();

/** Optional: a browser holding the cookie may send no body at all. */
export const refreshBody = tokenBody.optional();
export const logoutBody = tokenBody.optional();

/** The session token from the body, else the session cookie (read by the route). */
export interface TokenSource {
  refresh_token?: string;
  cookie: string | null;
}

function presented(input: TokenSource): string | null {
  return input.refresh_token ?? input.cookie ?? null;
}

/**
 * New tokens for a refresh token. Unknown, expired or spent tokens all answer
 * `401 INVALID_CREDENTIALS` as Directus does; a spent one also ends its session.
 */
export async function refresh(
  input: TokenSource & { mode?: AuthMode },
  ctx: RequestContext,
): Promise<GrantOutcome> {
  const token = presented(input);
  // As Directus: a token in the body defaults to a JSON answer, the cookie to a new cookie.
  const mode = input.mode ?? (input.refresh_token ? 'json' : 'session');
  if (!token) {
    throw new InvalidPayloadError('The refresh token is required in either the payload or cookie');
  }
  return { grant: await rotateSession(ctx.db, token), mode };
}

/**
 * Ends the session named by the refresh token or cookie, and the session the caller is
 * authenticated with (Bearer access token or cookie).
 * An already-ended session is not an error: signing out twice is harmless. The cookie is
 * cleared either way.
 */
export async function logout(input: TokenSource, ctx: RequestContext): Promise<void> {
  const token = presented(input);
  const callerSession = ctx.accountability.session;
  if (!token && !callerSession) {
    throw new InvalidPayloadError('The refresh token is required in either the payload or cookie');
  }
  const ended = new Set<string>();
  if (token) {
    const row = await endSessionByToken(ctx.db, token);
    if (row) ended.add(row.user);
  }
  if (callerSession) {
    const user = await endSession(ctx.db, callerSession);
    if (user) ended.add(user);
  }
  for (const user of ended) {
    await recordUserActivity(ctx.db, { action: 'logout', user, who: ctx.accountability });
  }
}
