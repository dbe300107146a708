import { z } from 'zod';
import {
  createModuleKey,
  createModuleKeyBody,
  listModuleKeys,
  moduleKeyResponse,
} from '@/lib/access/module-keys-admin';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    access: 'admin',
    summary: 'List the module access key registry (folders and keys)',
    tags: ['Access'],
    response: z.array(moduleKeyResponse),
  },
  (input, ctx) => listModuleKeys(input, ctx),
);
export const POST = route(
  {
    access: 'admin',
    body: createModuleKeyBody,
    status: 201,
    summary: 'Create a module access key, or a folder (key null)',
    tags: ['Access'],
    response: moduleKeyResponse,
  },
  (input, ctx) => createModuleKey(input, ctx),
);
export const OPTIONS = preflight;
