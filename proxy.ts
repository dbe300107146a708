import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

/** Studio pages are locale-prefixed; an unprefixed URL is redirected to the caller's locale. */
export default createMiddleware(routing);

export const config = {
  // Never the API, Next internals, or files with an extension (favicon.ico, images...).
  matcher: ['/((?!api(?:/|$)|_next|_vercel|.*\\..*).*)'],
};
