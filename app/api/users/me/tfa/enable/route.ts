import { enableTfa, tfaEnableBody } from '@/lib/auth/mfa';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    mfaExempt: true,
    body: tfaEnableBody,
    status: 204,
    summary: 'Enable a TOTP factor: the generated secret and a current code from it',
    tags: ['Users'],
  },
  (input, ctx) => enableTfa(input.body, ctx),
);
export const OPTIONS = preflight;
