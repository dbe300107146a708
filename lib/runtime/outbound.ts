import 'server-only';
import { config } from '@/lib/core/config';

const MAX_REDIRECTS = 5;
const MAX_BODY = 1024 * 1024;
const TIMEOUT_MS = 10_000;

export class OutboundRefusedError extends Error {}

export function allowedDomains(): Set<string> {
  return new Set(
    (config().EXTENSION_ALLOWED_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
      .filter(Boolean),
  );
}

/**
 * The URL if stored code may reach it: http(s), no userinfo (`https://allowed@evil/`), and
 * a host named exactly in EXTENSION_ALLOWED_DOMAINS (unset: nothing is reachable).
 */
export function checkOutbound(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRefusedError('Invalid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefusedError(`Protocol ${url.protocol} is not allowed`);
  }
  if (url.username || url.password) {
    throw new OutboundRefusedError('URLs with credentials are not allowed');
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!allowedDomains().has(host)) {
    throw new OutboundRefusedError(`Outbound requests to "${host}" are not allowed`);
  }
  return url;
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel();
      throw new OutboundRefusedError('Response body too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `context.services.fetch`: every hop, redirects included, checked against the allow-list. */
export async function restrictedFetch(raw: string, init: FetchInit = {}) {
  let url = checkOutbound(raw);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body === undefined ? undefined : String(init.body);
  for (let hop = 0; ; hop++) {
    const res = await fetch(url, {
      method,
      headers: init.headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new OutboundRefusedError('Too many redirects');
      url = checkOutbound(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: await readCapped(res) };
  }
}

/** `context.env`: only the variables EXTENSION_ENV_ALLOWLIST names. */
export function extensionEnv(): Record<string, string> {
  const names = (config().EXTENSION_ENV_ALLOWLIST ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
