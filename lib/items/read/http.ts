import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/http/context';
import { NotFoundError } from '@/lib/http/errors';
import { reply, type Reply } from '@/lib/http/reply';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '../parse';
import { readByQuery, readOne } from './service';

export const collectionParams = z.object({ collection: z.string().min(1).max(64) });
export const itemParams = z.object({
  collection: z.string().min(1).max(64),
  id: z.string().min(1).max(255),
});

interface Input<P> {
  params: P;
  query: ItemsQueryInput;
}

/** GET /api/items/:collection */
export async function listItems(
  input: Input<z.infer<typeof collectionParams>>,
  ctx: RequestContext,
): Promise<Reply> {
  const query = parseQuery(input.query as RawQuery);
  const result = await readByQuery(input.params.collection, query, ctx);
  return reply(result.meta ? { data: result.data, meta: result.meta } : { data: result.data });
}

/** GET /api/items/:collection/:id, with `version=<key>` merging that version's delta. */
export async function getItem(
  input: Input<z.infer<typeof itemParams>>,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const { collection, id } = input.params;
  const query = parseQuery(input.query as RawQuery);
  const item = await readOne(collection, id, query, ctx);
  const raw = input.query.version;
  const version = Array.isArray(raw) ? raw[0] : raw;
  if (version === undefined) return item;
  const row = (
    await sql<{
      delta: unknown;
    }>`select delta from daas_versions where collection = ${collection} and item = ${id} and key = ${version}`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!row) throw new NotFoundError('Version not found');
  const delta = typeof row.delta === 'string' ? JSON.parse(row.delta) : row.delta;
  if (!delta || typeof delta !== 'object' || Array.isArray(delta)) return item;
  return { ...item, ...(delta as Record<string, unknown>) };
}
