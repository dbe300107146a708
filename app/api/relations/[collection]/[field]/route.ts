import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import {
  readRelation,
  relationParams,
  relationResponse,
  updateRelationBody,
} from '@/lib/schema/relations';
import { deleteRelation, updateRelation } from '@/lib/schema/relations-write';

export const GET = route(
  {
    params: relationParams,
    summary: 'Read one relation',
    tags: ['Relations'],
    response: relationResponse,
  },
  (input, ctx) => readRelation(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    params: relationParams,
    body: updateRelationBody,
    summary: 'Update a relation (rules and metadata)',
    tags: ['Relations'],
    response: relationResponse,
  },
  (input, ctx) => updateRelation(input, ctx),
);
export const DELETE = route(
  {
    access: 'admin',
    params: relationParams,
    status: 204,
    summary: 'Delete a relation (drops the foreign key, keeps the column)',
    tags: ['Relations'],
  },
  (input, ctx) => deleteRelation(input, ctx),
);
export const OPTIONS = preflight;
