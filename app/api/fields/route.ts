import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { readAllFields } from '@/lib/schema/fields';
import { limitQuery } from '@/lib/schema/payloads';

export const GET = route(
  { query: limitQuery, summary: 'All fields', tags: ['Fields'] },
  (input, ctx) => readAllFields(input, ctx),
);
export const OPTIONS = preflight;
