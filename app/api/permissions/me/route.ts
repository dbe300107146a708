import { z } from 'zod';
import { explainPermissions } from '@/lib/access/permissions-explain';
import { permissionsMe } from '@/lib/access/permissions-me';
import { scopeGiven } from '@/lib/http/caller';
import { preflight } from '@/lib/http/cors';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { getSchema } from '@/lib/schema/overview';

const query = z.object({
  debug: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: each rule also names the policy and the access records it came from'),
  user: z
    .string()
    .max(64)
    .optional()
    .describe(
      "Administrators only: answer for this user id instead of the caller, at the request's scope (403 for anyone else)",
    ),
  ip: z
    .string()
    .max(64)
    .optional()
    .describe(
      'With user: judge IP allow-lists as if the user called from this address (without it, IP-limited policies do not count)',
    ),
});

export const GET = route(
  {
    query,
    summary: 'Effective permissions of the caller, or (administrators, ?user=) of another user',
    tags: ['Permissions'],
  },
  async (input, ctx) => {
    const schema = await getSchema(ctx.db);
    const options = {
      debug: input.query.debug === 'true',
      scopeGiven: scopeGiven(input.request),
      collections: Object.keys(schema.collections),
    };
    if (input.query.user !== undefined) {
      const { user, ip } = input.query;
      return reply(await explainPermissions({ ...options, user, ip }, ctx));
    }
    return reply(await permissionsMe(options, ctx));
  },
);
export const OPTIONS = preflight;
