import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { sortBody, sortItem } from '@/lib/utils/sort';

export const POST = route(
  {
    params: z.object({ collection: z.string().min(1).max(64) }),
    body: sortBody,
    status: 204,
    summary: "Move an item to another item's place in the collection's manual order",
    tags: ['Utilities'],
  },
  (input, ctx) => sortItem(input.params.collection, input.body, ctx),
);
export const OPTIONS = preflight;
