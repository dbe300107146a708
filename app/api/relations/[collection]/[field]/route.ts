import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import {
  readRelation,
  relationParams,
  relationResponse,
  updateRelationBody,
} from '@/lib/schema/relations';
import { deleteRelation, updateRelation } from '@/lib/schema/relations-write';

const one = { params: relationParams, tags: ['Relations'] } as const;

export const GET = route(
  { ...one, summary: 'Read one relation', response: relationResponse },
  readRelation,
);
export const PATCH = route(
  {
    ...one,
    access: 'admin',
    body: updateRelationBody,
    summary: 'Update a relation (rules and metadata)',
    response: relationResponse,
  },
  updateRelation,
);
export const DELETE = route(
  {
    ...one,
    access: 'admin',
    status: 204,
    summary: 'Delete a relation (drops the foreign key, keeps the column)',
  },
  deleteRelation,
);
export const OPTIONS = preflight;
