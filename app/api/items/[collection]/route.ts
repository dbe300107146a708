import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { collectionParams, listItems } from '@/lib/items/read/http';
import {
  createItems,
  createPayload,
  deleteItems,
  itemPayload,
  updateItems,
} from '@/lib/items/write/handlers';

export const GET = route(
  {
    params: collectionParams,
    access: 'public',
    query: itemsQuerySchema,
    summary: 'List items',
    tags: ['Items'],
  },
  (input, ctx) => listItems(input, ctx),
);
export const POST = route(
  {
    params: collectionParams,
    access: 'public',
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
    params: collectionParams,
    access: 'public',
    query: itemsQuerySchema,
    body: itemPayload,
    summary: 'Update every item the required filter matches',
    tags: ['Items'],
  },
  (input, ctx) => updateItems(input, ctx),
);
export const DELETE = route(
  {
    params: collectionParams,
    access: 'public',
    query: itemsQuerySchema,
    summary: 'Delete every item the required filter matches',
    tags: ['Items'],
  },
  (input, ctx) => deleteItems(input, ctx),
);
export const OPTIONS = preflight;
