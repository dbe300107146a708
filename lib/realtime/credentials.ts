import 'server-only';
import { decodeJwt } from 'jose';
import { getDb } from '@/lib/db/client';
import type { ApiRequest } from '@/lib/http/api-request';
import { resolveCaller } from '@/lib/http/caller';
import { corsHeaders } from '@/lib/http/cors';
import { peerOf, setPeer } from '@/lib/http/peer';
import { servedOrigin } from '@/lib/http/served-origin';
import type { Caller } from './session';

/**
 * `base` with other credentials: `token` as its only one, or none (null). The TCP peer goes
 * along, so the client address (IP allow-lists) stays the connection's own.
 */
function withCredential(base: ApiRequest, token: string | null): ApiRequest {
  const request: ApiRequest = {
    method: base.method,
    url: base.url,
    body: null,
    signal: base.signal,
    headers: {
      get: (name: string) => {
        const key = name.toLowerCase();
        if (key === 'authorization') return token === null ? null : `Bearer ${token}`;
        if (key === 'cookie') return null;
        return base.headers.get(name);
      },
    },
  };
  setPeer(request, peerOf(base));
  return request;
}

/**
 * A browser sends its cookies with a WebSocket to any site, so a session cookie counts only
 * for a page of this origin or one CORS allows with credentials (no cross-site hijacking).
 */
async function cookieAllowed(request: ApiRequest): Promise<boolean> {
  if (!request.headers.get('origin') || servedOrigin(request)) return true;
  const cors = await corsHeaders(request, getDb());
  return cors?.['access-control-allow-credentials'] === 'true';
}

export function bearerOf(request: ApiRequest): string | null {
  const header = request.headers.get('authorization');
  if (header && /^bearer\s+/i.test(header)) return header.replace(/^bearer\s+/i, '').trim();
  return new URL(request.url).searchParams.get('access_token');
}

export function expiryOf(token: string | null): number | null {
  if (!token) return null;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Resolves the caller the way every API request is resolved (scope and delegation too). */
export function authenticator(base: ApiRequest) {
  const resolve = async (token: string | null): Promise<Caller> => {
    let request = base;
    if (token) request = withCredential(base, token);
    else if (!base.headers.get('authorization') && !(await cookieAllowed(base))) {
      request = withCredential(base, null);
    }
    const { accountability, scope } = await resolveCaller(request, getDb(), { queryToken: true });
    return {
      accountability,
      scope,
      expires: expiryOf(token ?? bearerOf(base)),
      again: () => resolve(token),
    };
  };
  return resolve;
}
