import 'server-only';
import * as oidc from 'openid-client';
import { ServiceUnavailableError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import type { ProviderSettings } from './settings';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http is accepted only for a provider on this machine (a development or test
 * identity provider); anywhere else the library's https requirement stands.
 */
function insecureAllowed(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && LOOPBACK.has(u.hostname);
}

const cache = new Map<string, Promise<oidc.Configuration>>();

function cacheKey(p: ProviderSettings): string {
  return JSON.stringify([p.name, p.driver, p.clientId, p.clientSecret, p.issuerUrl, p.accessUrl]);
}

async function discover(p: ProviderSettings): Promise<oidc.Configuration> {
  const issuer = p.issuerUrl!;
  const insecure = insecureAllowed(issuer);
  return oidc.discovery(
    new URL(issuer),
    p.clientId,
    p.clientSecret,
    undefined,
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

/**
 * A plain OAuth 2.0 server publishes no metadata: its two endpoints are configured. The
 * issuer identifier is only a label here (no ID token is ever checked against it).
 */
function configure(p: ProviderSettings): oidc.Configuration {
  const authorize = new URL(p.authorizeUrl!);
  const config = new oidc.Configuration(
    {
      issuer: authorize.origin,
      authorization_endpoint: p.authorizeUrl,
      token_endpoint: p.accessUrl,
    },
    p.clientId,
    p.clientSecret,
  );
  if ([p.authorizeUrl!, p.accessUrl!, p.profileUrl!].some(insecureAllowed)) {
    oidc.allowInsecureRequests(config);
  }
  return config;
}

/**
 * The client of one provider. Discovery runs once per process; a failed one is forgotten
 * so the next sign-in tries again, and the caller is told the provider is unavailable.
 */
export async function providerClient(p: ProviderSettings): Promise<oidc.Configuration> {
  const key = cacheKey(p);
  let pending = cache.get(key);
  if (!pending) {
    pending = p.driver === 'openid' ? discover(p) : Promise.resolve(configure(p));
    cache.set(key, pending);
  }
  try {
    return await pending;
  } catch (err) {
    cache.delete(key);
    logger.warn(
      { err: (err as Error).message, provider: p.name },
      'identity provider discovery failed',
    );
    throw new ServiceUnavailableError(`Identity provider "${p.name}" is unavailable`);
  }
}
