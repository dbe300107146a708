import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { getItem, itemParams } from '@/lib/items/read/http';
import { deleteItem, itemPayload, updateItem, upsertItem } from '@/lib/items/write/http';

// Public: the caller's policies (the public policy for anonymous callers) decide, per item.
const one = { params: itemParams, access: 'public', tags: ['Items'] } as const;
const withQuery = { ...one, query: itemsQuerySchema };

export const GET = route({ ...withQuery, summary: 'One item' }, getItem);
export const PATCH = route(
  { ...withQuery, body: itemPayload, summary: 'Update one item: only the fields sent change' },
  updateItem,
);
export const PUT = route(
  {
    ...withQuery,
    body: itemPayload,
    summary: 'Create the item with this key, or update the fields sent when it exists',
  },
  upsertItem,
);
export const DELETE = route({ ...one, summary: 'Delete one item' }, deleteItem);
export const OPTIONS = preflight;
