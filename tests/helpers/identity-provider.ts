import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, decodeJwt, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** An account the test provider knows; `login` is what one types on its login page. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface IdentityProvider {
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /** When set, ID tokens leave the token endpoint re-signed with this audience. */
  forgeAudience: string | null;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a free loopback port, with its development login
 * page: any password signs in the account named by `login`. Consent is taken as given, as
 * an organisation's own provider does for its own applications. `/profile` is a plain OAuth
 * 2.0 resource: the account of a valid access token, for the `oauth2` driver.
 */
export async function startIdentityProvider(clients: ProviderClient[]): Promise<IdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, ProviderAccount>();
  const idp: IdentityProvider = {
    issuer,
    accounts,
    forgeAudience: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const configuration: Configuration = {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      const scope = String(params?.scope ?? '');
      grant.addOIDCScope(scope);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const key = await importJWK(jwk, 'RS256');
  provider.use(async (ctx, next) => {
    if (ctx.path === '/profile') {
      const token = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
      const grant = token ? await provider.AccessToken.find(token) : undefined;
      const account = grant ? accounts.get(grant.accountId) : undefined;
      ctx.status = account ? 200 : 401;
      ctx.body = account ?? { error: 'invalid_token' };
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && idp.forgeAudience && body?.id_token) {
      // The same provider's key signs a token meant for someone else.
      const claims = decodeJwt(body.id_token);
      body.id_token = await new SignJWT({ ...claims, aud: idp.forgeAudience })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(key);
    }
  });
  provider.on('server_error', (_ctx, err) => console.error('PROVIDER', err));
  server.on('request', provider.callback());
  return idp;
}

type Jar = Map<string, string>;

function keep(jar: Jar, res: Response): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
}

/**
 * What a browser does at the provider: follows its redirects and fills in its login page,
 * until the provider sends the browser back to `callbackPrefix`. Returns that URL.
 */
export async function signInAtProvider(
  authorizeUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<string> {
  const jar: Jar = new Map();
  let url = authorizeUrl;
  let init: { method: string; body?: URLSearchParams } = { method: 'GET' };
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, headers: { cookie }, redirect: 'manual' });
    keep(jar, res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
    }
    if (html.includes('name="login"')) {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action, url).href;
    init = { method: 'POST', body: fields };
  }
  throw new Error('the provider never sent the browser back');
}
