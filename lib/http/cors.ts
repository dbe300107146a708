import 'server-only';
import { getDb, type Db } from '@/lib/db/client';
import { loadSettings } from '@/lib/settings/cache';
import type { ApiRequest } from './api-request';
import { apiHandler } from './api-handler';

/**
 * CORS from the `cors_*` settings. Origins match exactly; an empty list allows none. A
 * request with no Origin header, or from a refused origin, gets no `access-control-*`
 * headers (a refused one gets only `Vary: Origin` while CORS is on).
 */
export async function corsHeaders(
  request: ApiRequest,
  db: Db,
  preflight = false,
): Promise<Record<string, string> | null> {
  // Same-origin and server-to-server calls (probes included) never wait on the settings.
  const origin = request.headers.get('origin');
  if (!origin) return null;
  const s = await loadSettings(db);
  if (!s.cors_enabled) return null;
  // A refusal depends on Origin too: a shared cache must not hand it to an allowed origin.
  if (!s.cors_origins.includes(origin)) return { vary: 'Origin' };
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    vary: 'Origin',
  };
  if (s.cors_allow_credentials) headers['access-control-allow-credentials'] = 'true';
  if (s.cors_expose_headers.length) {
    headers['access-control-expose-headers'] = s.cors_expose_headers.join(', ');
  }
  if (preflight) {
    headers['access-control-allow-methods'] = s.cors_methods.join(', ');
    headers['access-control-allow-headers'] = s.cors_allowed_headers.join(', ');
    headers['access-control-max-age'] = String(s.cors_max_age);
  }
  return headers;
}

/** `OPTIONS` for every API route: 204 with the preflight headers, or 204 with none. */
export const preflight = apiHandler(async (request) => {
  const headers = await corsHeaders(request, getDb(), true).catch(() => null);
  return { status: 204, headers: headers ?? {}, body: null };
});
