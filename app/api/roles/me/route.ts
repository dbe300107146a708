import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { myRoles } from '@/lib/system/roles';

export const GET = route(
  { query: itemsQuerySchema, summary: 'Roles of the caller at its scope', tags: ['Roles'] },
  (input, ctx) => myRoles(input, ctx),
);
export const OPTIONS = preflight;
