import { preflight } from '@/lib/http/cors';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { applyBody, applySchema } from '@/lib/snapshot/service';

export const POST = route(
  {
    access: 'admin',
    body: applyBody,
    status: 204,
    summary: 'Apply a diff in one transaction (or legacy SQL operations)',
    tags: ['Schema'],
  },
  async (input, ctx) => {
    const result = await applySchema(input, ctx);
    return result ? reply({ data: result }, { status: 200 }) : null;
  },
);
export const OPTIONS = preflight;
