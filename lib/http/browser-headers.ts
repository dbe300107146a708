import 'server-only';
import { config } from '@/lib/core/config';

/**
 * The headers that tell a browser how to treat our answers: no framing by other sites
 * (clickjacking), no type sniffing, no referrer to other origins, a browsing context of its
 * own, HTTPS only once seen over HTTPS, and a Content-Security-Policy. SECURITY.md lists them.
 */

const HSTS = 'max-age=31536000';

/**
 * Whether the caller reached us over HTTPS. A https PUBLIC_URL says the deployment is served
 * over TLS (a browser ignores HSTS received over plain HTTP anyway); `X-Forwarded-Proto` is
 * believed only with TRUST_PROXY, like `X-Forwarded-For`.
 */
export function servedOverHttps(requestUrl: string, forwardedProto: string | null): boolean {
  const c = config();
  if (c.PUBLIC_URL?.startsWith('https:')) return true;
  if (c.TRUST_PROXY && forwardedProto?.split(',')[0].trim().toLowerCase() === 'https') return true;
  return requestUrl.startsWith('https:');
}

function frameAncestors(): string | null {
  const list = config().CSP_FRAME_ANCESTORS?.trim();
  return list ? list : null;
}

function common(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
  // X-Frame-Options cannot name several origins: with an allow list only the CSP speaks.
  if (!frameAncestors()) headers['x-frame-options'] = 'DENY';
  if (secure) headers['strict-transport-security'] = HSTS;
  return headers;
}

/** API answers are data, never a document to run: nothing may load from or frame them. */
export function apiBrowserHeaders(secure: boolean): Record<string, string> {
  return {
    ...common(secure),
    'content-security-policy': `default-src 'none'; frame-ancestors ${frameAncestors() ?? "'none'"}`,
  };
}

export interface StudioPolicy {
  /** Fresh for every response: Next puts it on the scripts it renders. */
  nonce: string;
  secure: boolean;
  /** `next dev` evaluates code for its overlay and fast refresh. */
  dev: boolean;
  /** The studio path without its locale (`/api-explorer`). */
  page: string;
}

/**
 * Pages whose code evaluates strings: the API explorer's renderer compiles code at run time.
 * The studio reaches these by loading the document, so the relaxation stays on them.
 */
const EVALUATING_PAGES = ['/api-explorer'];

function evaluates(page: string): boolean {
  return EVALUATING_PAGES.some((p) => page === p || page.startsWith(`${p}/`));
}

/**
 * The studio's policy. Scripts run only when they carry this response's nonce or were
 * loaded by one that does ('strict-dynamic': Next's chunks). Styles may be inline: React
 * renders `style` attributes and the editors insert `<style>` elements at run time.
 */
export function studioCsp({ nonce, secure, dev, page }: StudioPolicy): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev || evaluates(page) ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors() ?? "'none'"}`,
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export function studioBrowserHeaders(policy: StudioPolicy): Record<string, string> {
  return { ...common(policy.secure), 'content-security-policy': studioCsp(policy) };
}

/** Adds the API headers a handler did not set itself (a file keeps its own sandbox policy). */
export function withApiBrowserHeaders(request: Request, response: Response): Response {
  const secure = servedOverHttps(request.url, request.headers.get('x-forwarded-proto'));
  const headers = apiBrowserHeaders(secure);
  for (const name of Object.keys(headers)) {
    if (!response.headers.has(name)) response.headers.set(name, headers[name]);
  }
  return response;
}
