import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { readRawColumns } from '@/lib/schema/collections';
import { collectionParams } from '@/lib/schema/payloads';

export const GET = route(
  { params: collectionParams, summary: 'Raw columns of a collection', tags: ['Collections'] },
  (input, ctx) => readRawColumns(input, ctx),
);
export const OPTIONS = preflight;
