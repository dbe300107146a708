import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { randomString, randomStringQuery } from '@/lib/utils/basic';

export const GET = route(
  {
    access: 'public',
    query: randomStringQuery,
    summary: 'A random URL-safe string (length 1-500, default 32)',
    tags: ['Utilities'],
    response: z.string(),
  },
  async (input) => randomString(input.query.length),
);
export const OPTIONS = preflight;
