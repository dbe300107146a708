import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { setupTestApp, type TestResponse } from '../helpers/app';
import {
  signInAtProvider,
  startIdentityProvider,
  type IdentityProvider,
  type ProviderAccount,
} from '../helpers/identity-provider';
import { createRole, createUser, uniqueEmail } from '../helpers/users';

const BASE = 'http://localhost';
const callbackOf = (name: string) => `${BASE}/api/auth/login/${name}/callback`;
const app = setupTestApp();
let idp: IdentityProvider;
let editorRole: string;
let defaultRole: string;

beforeAll(async () => {
  idp = await startIdentityProvider(
    ['corp', 'closed', 'hub'].map((name) => ({
      client_id: `daas-${name}`,
      client_secret: `secret-${name}`,
      redirect_uris: [callbackOf(name)],
    })),
  );
  editorRole = (await createRole({ app: true })).role;
  defaultRole = (await createRole({ app: true })).role;
  Object.assign(process.env, {
    PUBLIC_URL: BASE,
    AUTH_PROVIDERS: 'corp,closed,hub',
    AUTH_CORP_DRIVER: 'openid',
    AUTH_CORP_CLIENT_ID: 'daas-corp',
    AUTH_CORP_CLIENT_SECRET: 'secret-corp',
    AUTH_CORP_ISSUER_URL: idp.issuer,
    AUTH_CORP_SCOPE: 'openid email profile groups',
    AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
    AUTH_CORP_DEFAULT_ROLE_ID: defaultRole,
    AUTH_CORP_ROLE_MAPPING: JSON.stringify({ editors: editorRole }),
    AUTH_CORP_REDIRECT_ALLOW_LIST: 'https://docs.example.com',
    AUTH_CORP_LABEL: 'Corporate login',
    AUTH_CLOSED_DRIVER: 'openid',
    AUTH_CLOSED_CLIENT_ID: 'daas-closed',
    AUTH_CLOSED_CLIENT_SECRET: 'secret-closed',
    AUTH_CLOSED_ISSUER_URL: idp.issuer,
    AUTH_HUB_DRIVER: 'oauth2',
    AUTH_HUB_CLIENT_ID: 'daas-hub',
    AUTH_HUB_CLIENT_SECRET: 'secret-hub',
    AUTH_HUB_AUTHORIZE_URL: `${idp.issuer}/auth`,
    AUTH_HUB_ACCESS_URL: `${idp.issuer}/token`,
    AUTH_HUB_PROFILE_URL: `${idp.issuer}/profile`,
    AUTH_HUB_ALLOW_PUBLIC_REGISTRATION: 'true',
    AUTH_HUB_DEFAULT_ROLE_ID: defaultRole,
  });
});

afterAll(async () => {
  await idp?.close();
  for (const key of Object.keys(process.env)) if (key.startsWith('AUTH_')) delete process.env[key];
  delete process.env.PUBLIC_URL;
});

/** A provider account with a fresh email; `login` on the provider's page is its id. */
function account(extra: Partial<ProviderAccount> = {}): ProviderAccount {
  const email = extra.email ?? uniqueEmail('idp');
  const a: ProviderAccount = { sub: `sub-${email}`, email, email_verified: true, ...extra };
  idp.accounts.set(a.sub, a);
  return a;
}

function flowCookieOf(res: TestResponse): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('daas_auth_flow='));
  return /^daas_auth_flow=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
}

async function begin(provider: string, query = '') {
  const res = await app.request(`/api/auth/login/${provider}${query}`);
  expect(res.status).toBe(302);
  return { authorize: res.headers.get('location')!, flow: flowCookieOf(res) };
}

function finish(callbackUrl: string, flow: string | null) {
  const u = new URL(callbackUrl);
  return app.request(u.pathname + u.search, {
    headers: flow === null ? {} : { cookie: `daas_auth_flow=${flow}` },
  });
}

async function signIn(provider: string, who: ProviderAccount, query = '') {
  const { authorize, flow } = await begin(provider, query);
  const callback = await signInAtProvider(authorize, who.sub, callbackOf(provider));
  return { res: await finish(callback, flow), callback, flow };
}

const userByEmail = (email: string) =>
  getDb()
    .selectFrom('daas_users')
    .select(['id', 'role', 'provider', 'external_identifier'])
    .where('email', '=', email)
    .executeTakeFirst();

async function sessionsOf(user: string): Promise<number> {
  const rows = await getDb()
    .selectFrom('daas_sessions')
    .select('id')
    .where('user', '=', user)
    .execute();
  return rows.length;
}

describe('GET /api/auth', () => {
  it('lists the configured providers in the Directus shape, to anyone', async () => {
    const anonymous = await app.request('/api/auth');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toEqual([
      { name: 'corp', driver: 'openid', icon: 'account_circle', label: 'Corporate login' },
      { name: 'closed', driver: 'openid', icon: 'account_circle', label: 'Closed' },
      { name: 'hub', driver: 'oauth2', icon: 'lock', label: 'Hub' },
    ]);
    const user = await createUser({ app: true });
    const signedIn = await app.request('/api/auth', {
      token: await app.login(user.email, user.password),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toHaveLength(3);
  });
});

describe('GET /api/auth/login/:provider', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const { authorize, flow } = await begin('corp');
    const url = new URL(authorize);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe('daas-corp');
    expect(url.searchParams.get('redirect_uri')).toBe(callbackOf('corp'));
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(flow.length).toBeGreaterThan(20);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await app.request('/api/auth/login/nobody');
    expect(res.status).toBe(404);
  });

  it('refuses a redirect to another origin (no open redirect)', async () => {
    for (const target of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await app.request(`/api/auth/login/corp?redirect=${encodeURIComponent(target)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/redirect is not allowed/);
      expect(flowCookieOf(res)).toBe('');
    }
  });

  it('accepts a redirect on an origin of the allow list', async () => {
    const res = await app.request(
      `/api/auth/login/corp?redirect=${encodeURIComponent('https://docs.example.com/back')}`,
    );
    expect(res.status).toBe(302);
  });
});

describe('GET /api/auth/login/:provider/callback (OpenID)', () => {
  it('registers a new user with the mapped role and answers tokens in json mode', async () => {
    const who = account({ groups: ['staff', 'editors'], given_name: 'Ada', family_name: 'Lo' });
    const { res } = await signIn('corp', who, '?mode=json');
    expect(res.status).toBe(200);
    expect(typeof res.body.data.refresh_token).toBe('string');
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(who.email);
    expect(me.body.data.first_name).toBe('Ada');
    const row = await userByEmail(who.email!);
    expect(row).toMatchObject({
      role: editorRole,
      provider: 'corp',
      external_identifier: who.email,
    });
    const activity = await getDb()
      .selectFrom('daas_activity')
      .select('action')
      .where('item', '=', row!.id)
      .execute();
    expect(activity.map((a) => a.action).sort()).toEqual(['create', 'login']);
  });

  it('gives a new user outside every mapped group the default role', async () => {
    const who = account({ groups: ['staff'] });
    expect((await signIn('corp', who)).res.status).toBe(200);
    expect((await userByEmail(who.email!))?.role).toBe(defaultRole);
  });

  it('sets the session cookie and redirects in session mode', async () => {
    const who = account();
    const { res } = await signIn('corp', who, '?mode=session&redirect=%2Fen%2Fcontent');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${BASE}/en/content`);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^daas_auth_flow=;.*Max-Age=0/.test(c))).toBe(true);
    const session = cookies.find((c) => c.startsWith('daas_session='))!.split(';')[0];
    const me = await app.request('/api/users/me', { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(who.email);
  });

  it('links an existing password user when the provider verified the email', async () => {
    const user = await createUser({ app: true });
    const { res } = await signIn('corp', account({ email: user.email, email_verified: true }));
    expect(res.status).toBe(200);
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.body.data.id).toBe(user.id);
    expect(await userByEmail(user.email)).toMatchObject({
      provider: 'corp',
      external_identifier: user.email,
    });
    expect(typeof (await app.login(user.email, user.password))).toBe('string');
  });

  it('refuses an unverified email that would take over an existing account', async () => {
    const user = await createUser({ app: true });
    const { res } = await signIn('corp', account({ email: user.email, email_verified: false }));
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/not verified this email/);
    expect(await userByEmail(user.email)).toMatchObject({
      provider: 'default',
      external_identifier: null,
    });
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('refuses to register a user where the provider may not', async () => {
    const who = account();
    const { res } = await signIn('closed', who);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/may not register new users/);
    expect(await userByEmail(who.email!)).toBeUndefined();
  });

  it('still asks a TOTP user for the second factor', async () => {
    const user = await createUser({ app: true, tfa_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const { res } = await signIn('corp', account({ email: user.email }));
    expect(res.status).toBe(200);
    const refused = await app.request('/api/collections', { token: res.body.data.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.code ?? refused.body.errors?.[0]?.extensions?.code).toBe('MFA_REQUIRED');
  });
});

describe('hostile callbacks', () => {
  it('refuses a callback without the flow cookie', async () => {
    const who = account();
    const { authorize } = await begin('corp');
    const callback = await signInAtProvider(authorize, who.sub, callbackOf('corp'));
    const res = await finish(callback, null);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/No sign-in in progress/);
    expect(await userByEmail(who.email!)).toBeUndefined();
  });

  it('refuses a callback whose state is not the flow’s', async () => {
    const who = account();
    const { authorize, flow } = await begin('corp');
    const callback = new URL(await signInAtProvider(authorize, who.sub, callbackOf('corp')));
    callback.searchParams.set('state', 'somebody-elses-state');
    const res = await finish(callback.href, flow);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/state does not match/);
    expect(await userByEmail(who.email!)).toBeUndefined();
  });

  it('refuses a replayed authorization code', async () => {
    const who = account();
    const { res, callback, flow } = await signIn('corp', who);
    expect(res.status).toBe(200);
    const user = (await userByEmail(who.email!))!;
    const again = await finish(callback, flow);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/authorization code/);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('refuses an ID token whose nonce is not the flow’s', async () => {
    const who = account();
    const { authorize, flow } = await begin('corp');
    const swapped = new URL(authorize);
    swapped.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const callback = await signInAtProvider(swapped.href, who.sub, callbackOf('corp'));
    const res = await finish(callback, flow);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/nonce/);
    expect(await userByEmail(who.email!)).toBeUndefined();
  });

  it('refuses an ID token issued for another client', async () => {
    const who = account();
    idp.forgeAudience = 'another-client';
    try {
      const { res } = await signIn('corp', who);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/issued for another client/);
    } finally {
      idp.forgeAudience = null;
    }
    expect(await userByEmail(who.email!)).toBeUndefined();
  });
});

describe('GET /api/auth/login/:provider/callback (OAuth 2.0)', () => {
  it('registers a user from the profile endpoint and signs them in', async () => {
    const who = account();
    const { res } = await signIn('hub', who);
    expect(res.status).toBe(200);
    const me = await app.request('/api/users/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(who.email);
    expect(await userByEmail(who.email!)).toMatchObject({
      provider: 'hub',
      external_identifier: who.email,
    });
  });
});
