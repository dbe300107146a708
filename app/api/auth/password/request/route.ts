import { passwordRequestBody, requestPasswordReset } from '@/lib/auth/password-reset';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: passwordRequestBody,
    status: 204,
    summary: 'Mail a password reset link (always 204)',
    tags: ['Authentication'],
  },
  (input, ctx) => requestPasswordReset(input.body, ctx),
);
export const OPTIONS = preflight;
