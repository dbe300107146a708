import { z } from 'zod';
import { permissionsMe } from '@/lib/access/permissions-me';
import { scopeGiven } from '@/lib/http/caller';
import { preflight } from '@/lib/http/cors';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { getSchema } from '@/lib/schema/overview';

const query = z.object({ debug: z.enum(['true', 'false']).optional() });

export const GET = route(
  { query, summary: 'Effective permissions of the caller', tags: ['Permissions'] },
  async (input, ctx) => {
    const schema = await getSchema(ctx.db);
    const result = await permissionsMe(
      {
        debug: input.query.debug === 'true',
        scopeGiven: scopeGiven(input.request),
        collections: Object.keys(schema.collections),
      },
      ctx,
    );
    return reply(result);
  },
);
export const OPTIONS = preflight;
