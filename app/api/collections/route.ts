import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { createCollection, listCollections, updateCollections } from '@/lib/schema/collections';
import { collectionBatchUpdate, collectionCreate } from '@/lib/schema/payloads';

export const GET = route({ summary: 'List collections', tags: ['Collections'] }, (input, ctx) =>
  listCollections(input, ctx),
);
export const POST = route(
  {
    access: 'admin',
    body: collectionCreate,
    status: 201,
    summary: 'Create a collection (table or folder)',
    tags: ['Collections'],
  },
  (input, ctx) => createCollection(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    body: collectionBatchUpdate,
    summary: 'Update the metadata of several collections',
    tags: ['Collections'],
  },
  (input, ctx) => updateCollections(input, ctx),
);
export const OPTIONS = preflight;
