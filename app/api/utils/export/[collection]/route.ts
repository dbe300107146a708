import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { exportBody, exportItems } from '@/lib/files/export';

export const POST = route(
  {
    params: z.object({ collection: z.string().min(1).max(64) }),
    body: exportBody,
    summary: 'Export the readable items of a collection to a new file (csv, json, xml, yaml)',
    tags: ['Utilities'],
  },
  (input, ctx) => exportItems({ collection: input.params.collection, body: input.body }, ctx),
);
export const OPTIONS = preflight;
