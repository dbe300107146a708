import { generateTfa, tfaGenerateBody, tfaGenerateResponse } from '@/lib/auth/mfa';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    mfaExempt: true,
    body: tfaGenerateBody,
    summary: 'A new TOTP secret to enrol (not stored until enabled); the password is checked again',
    tags: ['Users'],
    response: tfaGenerateResponse,
  },
  (input, ctx) => generateTfa(input.body, ctx),
);
export const OPTIONS = preflight;
