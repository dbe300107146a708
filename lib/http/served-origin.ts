import 'server-only';
import type { ApiRequest } from './api-request';

/**
 * The origin a browser reached this server at, when the request came from a page of that
 * same origin (the Origin header equals the URL's origin): an address the server is known
 * to answer on, as opposed to one merely named in a body. Null for other callers.
 */
export function servedOrigin(request: Pick<ApiRequest, 'url' | 'headers'>): string | null {
  const origin = request.headers.get('origin');
  if (!origin) return null;
  try {
    return new URL(request.url).origin === origin ? origin : null;
  } catch {
    return null;
  }
}
