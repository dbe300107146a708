import { logoutReply } from '@/lib/auth/http';
import { logoutBody } from '@/lib/auth/refresh';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: logoutBody,
    status: 204,
    summary: 'End the session of a refresh token, the session cookie or the Bearer token',
    tags: ['Authentication'],
  },
  logoutReply,
);
export const OPTIONS = preflight;
