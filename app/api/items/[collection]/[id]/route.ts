import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { getItem, itemParams } from '@/lib/items/read/http';
import { deleteItem, itemPayload, updateItem, upsertItem } from '@/lib/items/write/handlers';

export const GET = route(
  {
    params: itemParams,
    access: 'public',
    query: itemsQuerySchema,
    summary: 'One item',
    tags: ['Items'],
  },
  (input, ctx) => getItem(input, ctx),
);
export const PATCH = route(
  {
    params: itemParams,
    access: 'public',
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Update one item: only the fields sent change',
    tags: ['Items'],
  },
  (input, ctx) => updateItem(input, ctx),
);
export const PUT = route(
  {
    params: itemParams,
    access: 'public',
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Create the item with this key, or update the fields sent when it exists',
    tags: ['Items'],
  },
  (input, ctx) => upsertItem(input, ctx),
);
export const DELETE = route(
  {
    params: itemParams,
    access: 'public',
    summary: 'Delete one item',
    tags: ['Items'],
  },
  (input, ctx) => deleteItem(input, ctx),
);
export const OPTIONS = preflight;
