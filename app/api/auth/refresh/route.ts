import { readCookie, SESSION_COOKIE } from '@/lib/auth/authenticate';
import { tokensResponse } from '@/lib/auth/login';
import { refresh, refreshBody } from '@/lib/auth/refresh';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: refreshBody,
    summary: 'Exchange a refresh token (or the session cookie) for new tokens',
    tags: ['Authentication'],
    response: tokensResponse,
  },
  (input, ctx) =>
    refresh({ ...input.body, cookie: readCookie(input.request, SESSION_COOKIE) }, ctx),
);
export const OPTIONS = preflight;
