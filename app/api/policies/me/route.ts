import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { myPolicies } from '@/lib/system/policies';

export const GET = route(
  {
    query: itemsQuerySchema,
    summary: 'Effective policies of the caller at its scope',
    tags: ['Policies'],
  },
  (input, ctx) => myPolicies(input, ctx),
);
export const OPTIONS = preflight;
