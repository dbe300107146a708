import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { createField, readCollectionFields } from '@/lib/schema/fields';
import { fieldCreate, fieldsParams, limitQuery } from '@/lib/schema/payloads';

export const GET = route(
  { params: fieldsParams, query: limitQuery, summary: 'Fields of a collection', tags: ['Fields'] },
  (input, ctx) => readCollectionFields(input, ctx),
);
export const POST = route(
  {
    access: 'admin',
    params: fieldsParams,
    body: fieldCreate,
    status: 201,
    summary: 'Add a field',
    tags: ['Fields'],
  },
  (input, ctx) => createField(input, ctx),
);
export const OPTIONS = preflight;
