import { login, loginBody, tokensResponse } from '@/lib/auth/login';
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
  (input, ctx) => login(input.body, ctx),
);
export const OPTIONS = preflight;
