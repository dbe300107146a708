import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { cacheClearQuery, clearCaches } from '@/lib/utils/basic';

export const POST = route(
  {
    access: 'admin',
    query: cacheClearQuery,
    status: 204,
    summary: 'Clear the caches (with system=true, the schema too), in every process',
    tags: ['Utilities'],
  },
  async (input, ctx) => clearCaches(ctx.db, input.query.system === 'true'),
);
export const OPTIONS = preflight;
