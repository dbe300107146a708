import { preflight } from '@/lib/http/cors';
import { listReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { itemsQuerySchema as query } from '@/lib/items/parse';
import { createPresetsBody, presets } from '@/lib/system/presets';

const tags = ['Presets'];

export const GET = route({ query, summary: 'List presets', tags }, async (input, ctx) =>
  listReply(await presets.list(input, ctx)),
);
export const POST = route(
  {
    query,
    body: createPresetsBody,
    status: 201,
    summary: 'Create presets (object or array)',
    tags,
  },
  presets.create,
);
export const OPTIONS = preflight;
