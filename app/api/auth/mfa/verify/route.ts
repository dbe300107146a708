import { readCookie, SESSION_COOKIE } from '@/lib/auth/authenticate';
import { tokensResponse } from '@/lib/auth/login';
import { mfaVerifyBody, verifyMfa } from '@/lib/auth/mfa';
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
  (input, ctx) =>
    verifyMfa(
      { ...input.body, hasCookie: readCookie(input.request, SESSION_COOKIE) !== null },
      ctx,
    ),
);
export const OPTIONS = preflight;
