import 'server-only';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { publicUrl } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import type { GrantOutcome } from '../sessions';
import { logFailedSignIn } from '../sign-in-log';
import { providerClient } from './client';
import { readFlowState, signFlowState, type FlowState } from './flow-state';
import { signInWithProfile, type Profile } from './link';
import { providerRefusal } from './refusal';
import { findProvider, type ProviderSettings } from './settings';

/** `cookie` is Directus's name for the mode where the refresh token travels in a cookie. */
export const providerLoginQuery = z
  .object({
    mode: z
      .enum(['json', 'session', 'cookie'])
      .default('json')
      .transform((m) => (m === 'json' ? 'json' : 'session')),
    redirect: z.string().max(2048).optional(),
  })
  .strict();

export const providerParams = z.object({ provider: z.string().min(1).max(64) });

function provider(name: string): ProviderSettings {
  const p = findProvider(name);
  if (!p) throw new NotFoundError(`No identity provider "${name}"`);
  return p;
}

export function callbackUrl(p: ProviderSettings): string {
  return `${publicUrl()}/api/auth/login/${encodeURIComponent(p.name)}/callback`;
}

/**
 * Where the browser may be sent after signing in: this service's own origin, or an origin
 * the provider's `REDIRECT_ALLOW_LIST` names. Anything else would be an open redirect.
 */
export function allowedRedirect(p: ProviderSettings, target: string | undefined): string | null {
  if (target === undefined || target === '') return null;
  const base = publicUrl();
  let url: URL;
  try {
    url = new URL(target, `${base}/`);
  } catch {
    throw new InvalidPayloadError('The redirect is not a URL');
  }
  const allowed = [new URL(base).origin, ...p.redirectAllowList.map(originOf)];
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !allowed.includes(url.origin)) {
    throw new InvalidPayloadError(
      'The redirect is not allowed: same origin or REDIRECT_ALLOW_LIST',
    );
  }
  return url.href;
}

function originOf(entry: string): string | null {
  try {
    return new URL(entry).origin;
  } catch {
    return null;
  }
}

/**
 * `GET /api/auth/login/<provider>`: where to send the browser (the provider's authorization
 * endpoint, with state, PKCE and for OpenID a nonce) and the flow state to keep meanwhile.
 */
export async function startProviderLogin(input: {
  provider: string;
  mode: 'json' | 'session';
  redirect?: string;
}): Promise<{ location: string; flow: string }> {
  const p = provider(input.provider);
  const redirect = allowedRedirect(p, input.redirect);
  const config = await providerClient(p);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: FlowState = {
    provider: p.name,
    state: oidc.randomState(),
    nonce: p.driver === 'openid' ? oidc.randomNonce() : null,
    verifier,
    redirect,
    mode: input.mode,
  };
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(p),
    scope: p.scope,
    state: flow.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (flow.nonce) params.nonce = flow.nonce;
  const location = oidc.buildAuthorizationUrl(config, params).href;
  return { location, flow: await signFlowState(flow) };
}

async function profileOf(
  p: ProviderSettings,
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Profile> {
  if (p.driver === 'openid') {
    const claims = tokens.claims()!;
    const endpoint = config.serverMetadata().userinfo_endpoint;
    const info = endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub) : {};
    // The signed ID token wins over the userinfo answer where both say something.
    return { claims: { ...info, ...claims }, idToken: true };
  }
  const res = await oidc.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(p.profileUrl!),
    'GET',
  );
  if (!res.ok) throw new Error(`profile endpoint answered ${res.status}`);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('profile endpoint did not answer an object');
  }
  return { claims: body as Record<string, unknown>, idToken: false };
}

/**
 * `GET /api/auth/login/<provider>/callback`: openid-client checks state, PKCE, and for
 * OpenID the ID token (signature, issuer, audience, expiry, nonce); then the user is found,
 * linked or created, and a session starts exactly as for a password sign-in.
 */
export async function finishProviderLogin(
  input: { provider: string; flowCookie: string | null; query: URLSearchParams },
  ctx: RequestContext,
): Promise<{ outcome: GrantOutcome; redirect: string | null }> {
  const p = provider(input.provider);
  const flow = await readFlowState(input.flowCookie, p.name);
  const config = await providerClient(p);
  const current = new URL(callbackUrl(p));
  current.search = input.query.toString();
  let profile: Profile;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      ...(flow.nonce ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
    });
    profile = await profileOf(p, config, tokens);
  } catch (err) {
    const refusal = providerRefusal(err, p.name);
    logFailedSignIn(refusal, { method: 'provider', provider: p.name, ip: ctx.accountability.ip });
    throw refusal;
  }
  const grant = await signInWithProfile(p, profile, ctx).catch((err: unknown) => {
    logFailedSignIn(err, { method: 'provider', provider: p.name, ip: ctx.accountability.ip });
    throw err;
  });
  return { outcome: { grant, mode: flow.mode }, redirect: flow.redirect };
}
