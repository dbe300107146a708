import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import { reply, type Reply } from '@/lib/http/reply';
import { getSchema } from '@/lib/schema/overview';
import { readPolicyFor } from '../access';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '../parse';
import type { ReadPolicy } from './policy';
import { fieldsReadableOn, readByQuery, readOne } from './service';
import { allowsField } from './policy';

export const collectionParams = z.object({ collection: z.string().min(1).max(64) });
export const itemParams = z.object({
  collection: z.string().min(1).max(64),
  id: z.string().min(1).max(255),
});

interface Input<P> {
  params: P;
  query: ItemsQueryInput;
}

/**
 * The caller's read policy for a read rooted at `collection` (none for administrators).
 * For anyone else an unknown collection is the same 403 as one without a read permission,
 * so collection names cannot be probed.
 */
export async function callerPolicy(
  collection: string,
  ctx: RequestContext,
): Promise<ReadPolicy | undefined> {
  const schema = await getSchema(ctx.db);
  return readPolicyFor(ctx, schema, collection);
}

/** GET /api/items/:collection */
export async function listItems(
  input: Input<z.infer<typeof collectionParams>>,
  ctx: RequestContext,
): Promise<Reply> {
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const policy = await callerPolicy(input.params.collection, ctx);
  const result = await readByQuery(input.params.collection, query, ctx, { policy });
  return reply(result.meta ? { data: result.data, meta: result.meta } : { data: result.data });
}

/** GET /api/items/:collection/:id, with `version=<key>` merging that version's delta. */
export async function getItem(
  input: Input<z.infer<typeof itemParams>>,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const { collection, id } = input.params;
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const policy = await callerPolicy(collection, ctx);
  const item = await readOne(collection, id, query, ctx, { policy });
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
  // The delta is stored JSON, not read through the plan: keep only readable fields.
  const names = Object.keys(delta).filter(
    (field) => !policy || allowsField(policy(collection), field),
  );
  // A field granted only on some rows (several policies) must be granted on this one.
  const shown = await fieldsReadableOn({ collection, id, fields: names, policy }, ctx);
  const values = delta as Record<string, unknown>;
  return { ...item, ...Object.fromEntries(shown.map((f) => [f, values[f]])) };
}
