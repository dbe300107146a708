import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import {
  createRelationBody,
  listRelations,
  relationResponse,
  relationsQuery,
  relationsResponse,
} from '@/lib/schema/relations';
import { createRelation } from '@/lib/schema/relations-write';

export const GET = route(
  {
    query: relationsQuery,
    summary: 'List all relations',
    tags: ['Relations'],
    response: relationsResponse,
  },
  (input, ctx) => listRelations(input, ctx),
);
export const POST = route(
  {
    access: 'admin',
    body: createRelationBody,
    status: 201,
    summary: 'Create a relation (a foreign key and its metadata)',
    tags: ['Relations'],
    response: relationResponse,
  },
  (input, ctx) => createRelation(input, ctx),
);
export const OPTIONS = preflight;
