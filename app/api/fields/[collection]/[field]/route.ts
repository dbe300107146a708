import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { updateField } from '@/lib/schema/field-alter';
import { deleteField, readField } from '@/lib/schema/fields';
import { fieldParams, fieldUpdate } from '@/lib/schema/payloads';

export const GET = route(
  { params: fieldParams, summary: 'One field', tags: ['Fields'] },
  (input, ctx) => readField(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    params: fieldParams,
    body: fieldUpdate,
    summary: 'Update a field',
    tags: ['Fields'],
  },
  (input, ctx) => updateField(input, ctx),
);
export const DELETE = route(
  {
    access: 'admin',
    params: fieldParams,
    status: 204,
    summary: 'Remove a field',
    tags: ['Fields'],
  },
  (input, ctx) => deleteField(input, ctx),
);
export const OPTIONS = preflight;
