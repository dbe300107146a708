import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema as query } from '@/lib/items/parse';
import { idParams as params } from '@/lib/system/system-collection';
import { presetFields, presets } from '@/lib/system/presets';

const tags = ['Presets'];

export const GET = route({ params, query, summary: 'One preset', tags }, presets.readOne);
export const PATCH = route(
  { params, query, body: presetFields, summary: 'Update a preset', tags },
  presets.update,
);
export const DELETE = route(
  { params, status: 204, summary: 'Delete a preset', tags },
  presets.remove,
);
export const OPTIONS = preflight;
