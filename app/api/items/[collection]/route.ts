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
} from '@/lib/items/write/http';

// Public: the caller's policies (the public policy for anonymous callers) decide, per item.
const base = {
  params: collectionParams,
  query: itemsQuerySchema,
  access: 'public',
  tags: ['Items'],
} as const;

export const GET = route({ ...base, summary: 'List items' }, listItems);
export const POST = route(
  {
    ...base,
    body: createPayload,
    status: 201,
    summary: 'Create one item (object body) or several (array body)',
  },
  createItems,
);
export const PATCH = route(
  { ...base, body: itemPayload, summary: 'Update every item the required filter matches' },
  updateItems,
);
export const DELETE = route(
  { ...base, summary: 'Delete every item the required filter matches' },
  deleteItems,
);
export const OPTIONS = preflight;
