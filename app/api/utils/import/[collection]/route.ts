import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { importItems } from '@/lib/utils/import';

export const POST = route(
  {
    params: z.object({ collection: z.string().min(1).max(64) }),
    status: 204,
    summary: 'Import items from a JSON or CSV file (multipart/form-data), all or none',
    tags: ['Utilities'],
  },
  (input, ctx) => importItems(input.params.collection, input.request, ctx),
);
export const OPTIONS = preflight;
