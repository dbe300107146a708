import { z } from 'zod';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { deleteItem, itemPayload, updateItem, upsertItem } from '@/lib/items/write/handlers';

const writeItemParams = z.object({ collection: z.string().min(1), id: z.string().min(1) });

export const PATCH = route(
  {
    params: writeItemParams,
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Update one item: only the fields sent change',
    tags: ['Items'],
  },
  (input, ctx) => updateItem(input, ctx),
);
export const PUT = route(
  {
    params: writeItemParams,
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Create the item with this key, or update the fields sent when it exists',
    tags: ['Items'],
  },
  (input, ctx) => upsertItem(input, ctx),
);
export const DELETE = route(
  {
    params: writeItemParams,
    summary: 'Delete one item',
    tags: ['Items'],
  },
  (input, ctx) => deleteItem(input, ctx),
);
export const OPTIONS = preflight;
