import {
  deleteModuleKey,
  moduleKeyParams,
  moduleKeyResponse,
  readModuleKey,
  updateModuleKey,
  updateModuleKeyBody,
} from '@/lib/access/module-keys-admin';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'admin',
    params: moduleKeyParams,
    summary: 'Read one module access key or folder',
    tags: ['Access'],
    response: moduleKeyResponse,
  },
  (input, ctx) => readModuleKey(input, ctx),
);
export const PATCH = route(
  {
    access: 'admin',
    params: moduleKeyParams,
    body: updateModuleKeyBody,
    summary: 'Update a module access key or folder',
    tags: ['Access'],
    response: moduleKeyResponse,
  },
  (input, ctx) => updateModuleKey(input, ctx),
);
export const DELETE = route(
  {
    access: 'admin',
    params: moduleKeyParams,
    status: 204,
    summary: 'Delete a module access key, or a folder with everything in it (not built-ins)',
    tags: ['Access'],
  },
  (input, ctx) => deleteModuleKey(input, ctx),
);
export const OPTIONS = preflight;
