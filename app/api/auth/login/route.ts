import { loginReply } from '@/lib/auth/http';
import { loginBody, tokensResponse } from '@/lib/auth/login';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: loginBody,
    summary: 'Sign in with email and password',
    tags: ['Authentication'],
    response: tokensResponse,
  },
  loginReply,
);
export const OPTIONS = preflight;
