import { tokensResponse } from '@/lib/auth/login';
import { verifyMfaReply } from '@/lib/auth/http';
import { mfaVerifyBody } from '@/lib/auth/mfa';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    mfaExempt: true,
    body: mfaVerifyBody,
    summary: 'Raise the current session to assurance level 2 with a TOTP code; new tokens',
    tags: ['Authentication'],
    response: tokensResponse,
  },
  verifyMfaReply,
);
export const OPTIONS = preflight;
