import { tokensResponse } from '@/lib/auth/login';
import { refreshBody } from '@/lib/auth/refresh';
import { refreshReply } from '@/lib/auth/http';
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
  refreshReply,
);
export const OPTIONS = preflight;
