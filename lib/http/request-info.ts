import 'server-only';
import { config } from '@/lib/core/config';
import type { ApiRequest } from './api-request';
import { peerOf } from './peer';

export function readCookie(request: ApiRequest, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return null;
}

/**
 * The client's address. `X-Forwarded-For` is believed only with TRUST_PROXY (the service sits
 * behind a proxy that sets it); otherwise a client could pick any address and slip past
 * per-address rate limits. Without it: the TCP peer (fast path), else the address the nearest
 * hop appended (the last entry, as when served through Next).
 */
export function clientIp(request: ApiRequest): string | null {
  const forwarded = request.headers.get('x-forwarded-for');
  const hops =
    forwarded
      ?.split(',')
      .map((h) => h.trim())
      .filter(Boolean) ?? [];
  if (config().TRUST_PROXY)
    return hops[0] ?? request.headers.get('x-real-ip') ?? peerOf(request) ?? null;
  return peerOf(request) ?? hops.at(-1) ?? null;
}
