import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { hashVerifyBody, verifyHash } from '@/lib/utils/basic';

export const POST = route(
  {
    body: hashVerifyBody,
    summary: 'Whether a string matches a hash',
    tags: ['Utilities'],
    response: z.boolean(),
  },
  (input) => verifyHash(input.body),
);
export const OPTIONS = preflight;
