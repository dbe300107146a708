import 'server-only';
import type { z } from 'zod';
import { publicUrl } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import type { ApiRequest } from '@/lib/http/api-request';
import { reply, serializeCookie, type Reply } from '@/lib/http/reply';
import { readCookie } from '@/lib/http/request-info';
import { SESSION_COOKIE } from './authenticate';
import { login, type LoginInput } from './login';
import { mfaVerifyBody, verifyMfa } from './mfa';
import { logout, refresh, type refreshBody } from './refresh';
import { accessTtlMs, type GrantOutcome, refreshTtlMs } from './sessions';
import { signAccessToken } from './tokens';

/** The HTTP binding of sign-in: tokens in the body or the session cookie, read and written here. */
function cookieSecure(): boolean {
  return publicUrl().startsWith('https:');
}

export function sessionCookie(value: string): string {
  return serializeCookie(SESSION_COOKIE, value, {
    maxAgeSeconds: Math.floor(refreshTtlMs() / 1000),
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookieSecure(),
  });
}

export function clearedSessionCookie(): string {
  return serializeCookie(SESSION_COOKIE, '', {
    maxAgeSeconds: 0,
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookieSecure(),
  });
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The answer to a successful login or refresh: tokens in the body (`json`) or the session
 * token in an httpOnly cookie with only the access token in the body (`session`).
 */
export async function grantReply({ grant, mode }: GrantOutcome): Promise<Reply> {
  const expires = accessTtlMs();
  const accessToken = await signAccessToken(
    { id: grant.user, session: grant.session, aal: grant.aal },
    expires,
  );
  if (mode === 'session') {
    return reply(
      { data: { access_token: accessToken, expires } },
      { headers: NO_STORE, cookies: [sessionCookie(grant.refreshToken)] },
    );
  }
  return reply(
    { data: { access_token: accessToken, refresh_token: grant.refreshToken, expires } },
    { headers: NO_STORE },
  );
}

function sessionCookieOf(request: ApiRequest): string | null {
  return readCookie(request, SESSION_COOKIE);
}

export async function loginReply(input: { body: LoginInput }, ctx: RequestContext) {
  return grantReply(await login(input.body, ctx));
}

type TokenBody = z.infer<typeof refreshBody>;

export async function refreshReply(
  input: { body: TokenBody; request: ApiRequest },
  ctx: RequestContext,
) {
  return grantReply(await refresh({ ...input.body, cookie: sessionCookieOf(input.request) }, ctx));
}

export async function logoutReply(
  input: { body: TokenBody; request: ApiRequest },
  ctx: RequestContext,
) {
  await logout({ ...input.body, cookie: sessionCookieOf(input.request) }, ctx);
  return reply(null, { status: 204, cookies: [clearedSessionCookie()] });
}

export async function verifyMfaReply(
  input: { body: z.infer<typeof mfaVerifyBody>; request: ApiRequest },
  ctx: RequestContext,
) {
  const hasCookie = sessionCookieOf(input.request) !== null;
  return grantReply(await verifyMfa({ ...input.body, hasCookie }, ctx));
}
