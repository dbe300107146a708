import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { RawReply } from '@/lib/http/reply';

import { readAccessFor } from '../access';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '../parse';
import type { ReadAccess } from './read-access';
import { withVersion } from '@/lib/versions/service';
import { cachedRead } from './cache';
import { readByQuery, readOne } from './service';

/** The body as JSON, saying whether it came from the read cache (`x-cache: HIT`). */
function cachedReply(read: { body: string; hit: boolean }): RawReply {
  return new RawReply(read.body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-cache': read.hit ? 'HIT' : 'MISS',
    },
  });
}

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
 * The caller's read access for a read rooted at `collection` (none for administrators).
 * For anyone else an unknown collection is the same 403 as one without a read permission,
 * so collection names cannot be probed.
 */
export async function callerReadAccess(
  collection: string,
  ctx: RequestContext,
): Promise<ReadAccess | undefined> {
  const schema = ctx.schema;
  return readAccessFor(ctx, schema, collection);
}

/** GET /api/items/:collection */
export async function listItems(
  input: Input<z.infer<typeof collectionParams>>,
  ctx: RequestContext,
): Promise<RawReply> {
  const { collection } = input.params;
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const readAccess = await callerReadAccess(collection, ctx);
  const schema = ctx.schema;
  const read = await cachedRead(
    { ctx, schema, collection, parts: ['list', query], readAccess, replica: true },
    async () => {
      const result = await readByQuery(collection, query, ctx, {
        readAccess,
        replica: true,
        asText: true,
      });
      return result.meta ? { data: result.data, meta: result.meta } : { data: result.data };
    },
  );
  return cachedReply(read);
}

/** GET /api/items/:collection/:id, with `version=<key>` merging that version's delta. */
export async function getItem(
  input: Input<z.infer<typeof itemParams>>,
  ctx: RequestContext,
): Promise<Record<string, unknown> | RawReply> {
  const { collection, id } = input.params;
  const query = parseQuery(input.query as RawQuery, { admin: ctx.accountability.admin });
  const readAccess = await callerReadAccess(collection, ctx);
  const raw = input.query.version;
  const version = Array.isArray(raw) ? raw[0] : raw;
  if (version === undefined) {
    const schema = ctx.schema;
    const read = await cachedRead(
      { ctx, schema, collection, parts: ['one', id, query], readAccess, replica: true },
      async () => ({
        data: await readOne(collection, id, query, ctx, { readAccess, replica: true }),
      }),
    );
    return cachedReply(read);
  }
  const item = await readOne(collection, id, query, ctx, { readAccess });
  return withVersion(ctx, { collection, id, version, item, readAccess });
}
