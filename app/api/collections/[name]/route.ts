import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { deleteCollection, readCollection, updateCollection } from '@/lib/schema/collections';
import { collectionParams, collectionUpdate } from '@/lib/schema/payloads';

export const GET = route(
  { params: collectionParams, summary: 'One collection', tags: ['Collections'] },
  (input, ctx) => readCollection(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    params: collectionParams,
    body: collectionUpdate,
    summary: "Update a collection's metadata",
    tags: ['Collections'],
  },
  (input, ctx) => updateCollection(input, ctx),
);
export const DELETE = route(
  {
    access: 'admin',
    params: collectionParams,
    status: 204,
    summary: 'Drop a collection',
    tags: ['Collections'],
  },
  (input, ctx) => deleteCollection(input, ctx),
);
export const OPTIONS = preflight;
