import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { meResponse, readMe, updateMe, updateMeBody } from '@/lib/system/users-me';

export const GET = route(
  { mfaExempt: true, summary: 'The signed-in user', tags: ['Users'], response: meResponse },
  (_input, ctx) => readMe(ctx),
);
export const PATCH = route(
  {
    body: updateMeBody,
    summary: 'Update the signed-in user',
    tags: ['Users'],
    response: meResponse,
  },
  (input, ctx) => updateMe(input.body, ctx),
);
export const OPTIONS = preflight;
