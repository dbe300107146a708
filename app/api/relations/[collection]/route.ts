import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import {
  collectionParams,
  listCollectionRelations,
  relationsQuery,
  relationsResponse,
} from '@/lib/schema/relations';

export const GET = route(
  {
    params: collectionParams,
    query: relationsQuery,
    summary: 'List the relations whose many side is the collection',
    tags: ['Relations'],
    response: relationsResponse,
  },
  (input, ctx) => listCollectionRelations(input, ctx),
);
export const OPTIONS = preflight;
