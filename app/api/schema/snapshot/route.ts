import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { readSnapshot, snapshotQuery } from '@/lib/snapshot/service';

export const GET = route(
  {
    access: 'admin',
    query: snapshotQuery,
    summary: 'Export a snapshot of the schema (collections, fields, relations)',
    tags: ['Schema'],
  },
  (input, ctx) => readSnapshot(input, ctx),
);
export const OPTIONS = preflight;
