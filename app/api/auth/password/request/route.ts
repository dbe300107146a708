import { passwordRequestBody, requestPasswordReset } from '@/lib/auth/password-reset';
import { limitRequest } from '@/lib/rate-limit';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    access: 'public',
    lenientAuth: true,
    body: passwordRequestBody,
    status: 204,
    summary: 'Mail a password reset link (always 204; rate limited per address)',
    tags: ['Authentication'],
  },
  async (input, ctx) => {
    await limitRequest('password-request', ctx.accountability.ip);
    return requestPasswordReset(input.body, ctx);
  },
);
export const OPTIONS = preflight;
