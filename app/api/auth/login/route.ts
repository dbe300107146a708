import { login, loginBody } from '@/lib/auth/login';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: loginBody,
    summary: 'Sign in with email and password',
    tags: ['Authentication'],
  },
  (input, ctx) => login(input.body, ctx),
);
export const OPTIONS = preflight;
