import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { diffQuery, diffSchema } from '@/lib/snapshot/service';

export const POST = route(
  {
    access: 'admin',
    query: diffQuery,
    body: z.record(z.string(), z.unknown()),
    summary: 'Diff a snapshot against the live schema',
    tags: ['Schema'],
  },
  (input, ctx) => diffSchema(input, ctx),
);
export const OPTIONS = preflight;
