import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import {
  createItems,
  createPayload,
  deleteItems,
  itemPayload,
  updateItems,
} from '@/lib/items/write/handlers';

const writeParams = z.object({ collection: z.string().min(1) });

export const POST = route(
  {
    params: writeParams,
    query: itemsQuerySchema,
    body: createPayload,
    status: 201,
    summary: 'Create one item (object body) or several (array body)',
    tags: ['Items'],
  },
  (input, ctx) => createItems(input, ctx),
);
export const PATCH = route(
  {
    params: writeParams,
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Update every item the required filter matches',
    tags: ['Items'],
  },
  (input, ctx) => updateItems(input, ctx),
);
export const DELETE = route(
  {
    params: writeParams,
    query: itemsQuerySchema,
    summary: 'Delete every item the required filter matches',
    tags: ['Items'],
  },
  (input, ctx) => deleteItems(input, ctx),
);
export const OPTIONS = preflight;
