import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { servedOverHttps, studioBrowserHeaders } from './lib/http/browser-headers';
import { routing } from './lib/i18n/routing';

/** Studio pages are locale-prefixed; an unprefixed URL is redirected to the caller's locale. */
const i18n = createMiddleware(routing);

function withoutLocale(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  return (routing.locales as readonly string[]).includes(first) ? `/${rest.join('/')}` : pathname;
}

/**
 * Every studio response gets the browser headers with a fresh nonce. Next reads the nonce
 * from the request's Content-Security-Policy and puts it on the scripts it renders, so the
 * policy is set on the request (before rendering) and on the response.
 */
export default function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const headers = studioBrowserHeaders({
    nonce,
    secure: servedOverHttps(request.url, request.headers.get('x-forwarded-proto')),
    dev: process.env.NODE_ENV === 'development',
    page: withoutLocale(request.nextUrl.pathname),
  });
  request.headers.set('content-security-policy', headers['content-security-policy']);
  const response = i18n(request);
  for (const name of Object.keys(headers)) response.headers.set(name, headers[name]);
  return response;
}

export const config = {
  // Never the API, Next internals, or files with an extension (favicon.ico, images...).
  matcher: ['/((?!api(?:/|$)|_next|_vercel|.*\\..*).*)'],
};
