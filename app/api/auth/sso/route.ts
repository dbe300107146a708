import { ssoReply } from '@/lib/auth/http';
import { tokensResponse } from '@/lib/auth/login';
import { ssoBody } from '@/lib/auth/sso';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: ssoBody,
    summary: 'Exchange a short-lived platform token for a session',
    tags: ['Authentication'],
    response: tokensResponse,
  },
  ssoReply,
);
export const OPTIONS = preflight;
