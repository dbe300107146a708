import { passwordResetBody, resetPassword } from '@/lib/auth/password-reset';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: passwordResetBody,
    status: 204,
    summary: 'Set a new password with the token from a reset mail',
    tags: ['Authentication'],
  },
  (input, ctx) => resetPassword(input.body, ctx),
);
export const OPTIONS = preflight;
