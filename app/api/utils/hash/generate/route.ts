import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { generateHash, hashGenerateBody } from '@/lib/utils/basic';

export const POST = route(
  {
    body: hashGenerateBody,
    summary: 'An argon2 hash of a string',
    tags: ['Utilities'],
    response: z.string(),
  },
  (input) => generateHash(input.body),
);
export const OPTIONS = preflight;
