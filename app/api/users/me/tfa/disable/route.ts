import { disableTfa, tfaDisableBody } from '@/lib/auth/mfa';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    mfaExempt: true,
    body: tfaDisableBody,
    status: 204,
    summary: 'Disable the TOTP factor with a current code',
    tags: ['Users'],
  },
  (input, ctx) => disableTfa(input.body, ctx),
);
export const OPTIONS = preflight;
