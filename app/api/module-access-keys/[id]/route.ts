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

const one = { access: 'admin', params: moduleKeyParams, tags: ['Access'] } as const;

export const GET = route(
  { ...one, summary: 'Read one module access key or folder', response: moduleKeyResponse },
  readModuleKey,
);
export const PATCH = route(
  {
    ...one,
    body: updateModuleKeyBody,
    summary: 'Update a module access key or folder',
    response: moduleKeyResponse,
  },
  updateModuleKey,
);
export const DELETE = route(
  {
    ...one,
    status: 204,
    summary: 'Delete a module access key, or a folder with everything in it (not built-ins)',
  },
  deleteModuleKey,
);
export const OPTIONS = preflight;
