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
import { redeemSso, type SsoInput } from './sso';
import { finishProviderLogin, type providerLoginQuery, startProviderLogin } from './providers/flow';
import { FLOW_TTL_S } from './providers/flow-state';
import { AppError } from '@/lib/core/errors';

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

export async function ssoReply(input: { body: SsoInput }, ctx: RequestContext) {
  return grantReply(await redeemSso(input.body, ctx));
}

/** The sign-in flow's state between the redirect to a provider and its callback. */
const FLOW_COOKIE = 'daas_auth_flow';

function flowCookie(provider: string, value: string, maxAgeSeconds: number): string {
  return serializeCookie(FLOW_COOKIE, value, {
    maxAgeSeconds,
    httpOnly: true,
    // Lax: the callback is a top-level navigation from the provider's site.
    sameSite: 'Lax',
    secure: cookieSecure(),
    path: `/api/auth/login/${encodeURIComponent(provider)}`,
  });
}

export async function providerLoginReply(
  input: { params: { provider: string }; query: z.infer<typeof providerLoginQuery> },
  _ctx: RequestContext,
) {
  const { provider } = input.params;
  const { location, flow } = await startProviderLogin({ provider, ...input.query });
  return reply(null, {
    status: 302,
    headers: { location, ...NO_STORE },
    cookies: [flowCookie(provider, flow, FLOW_TTL_S)],
  });
}

/**
 * The provider's redirect back. The flow cookie is cleared whatever the outcome, so a flow
 * finishes at most once. With a `redirect` the browser goes there holding the session
 * cookie (whatever the mode: a redirect cannot carry tokens in a body); without one the
 * answer is a login's, in the flow's mode.
 */
export async function providerCallbackReply(
  input: { params: { provider: string }; request: ApiRequest },
  ctx: RequestContext,
) {
  const { provider } = input.params;
  const cleared = flowCookie(provider, '', 0);
  let done;
  try {
    done = await finishProviderLogin(
      {
        provider,
        flowCookie: readCookie(input.request, FLOW_COOKIE),
        query: new URL(input.request.url).searchParams,
      },
      ctx,
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new AppError(err.code, err.status, err.message, {
      extensions: err.extensions,
      headers: { ...err.headers, 'set-cookie': cleared },
    });
  }
  const { outcome, redirect } = done;
  if (redirect) {
    return reply(null, {
      status: 302,
      headers: { location: redirect, ...NO_STORE },
      cookies: [cleared, sessionCookie(outcome.grant.refreshToken)],
    });
  }
  const answer = await grantReply(outcome);
  return reply(answer.body, { ...answer.init, cookies: [cleared, ...(answer.init.cookies ?? [])] });
}
