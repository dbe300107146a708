import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { readAccessFor, refusal } from '@/lib/items/access';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '@/lib/items/parse';
import type { Filter } from '@/lib/items/query';
import * as read from '@/lib/items/read/service';
import type { ReadOptions } from '@/lib/items/read/service';

/**
 * Comments on items, Directus 11's `/comments`. Commenting follows read access: a caller
 * sees and writes comments only on items they may read. Each user changes and deletes
 * their own comments; administrators any. A comment on an item the caller may not read is
 * not found, as the item itself would be.
 */
const COLLECTION = 'daas_comments';
const FORBIDDEN = "You don't have permission to access this.";

export const createCommentBody = z
  .object({
    collection: z.string().min(1).max(64),
    item: z.union([z.string().min(1).max(255), z.number().int()]),
    comment: z.string().trim().min(1).max(20_000),
  })
  .strict();
export const updateCommentBody = z
  .object({ comment: z.string().trim().min(1).max(20_000) })
  .strict();
export const commentParams = z.object({ id: z.uuid() });

type WithQuery = { query?: ItemsQueryInput };
type Params = { params: { id: string } };

function userOf(ctx: RequestContext): string {
  const user = ctx.accountability.user;
  // Comments belong to users: an anonymous caller is asked to sign in.
  if (!user) throw refusal(ctx.accountability);
  return user;
}

function query(raw: ItemsQueryInput | undefined) {
  return parseQuery((raw ?? {}) as RawQuery, { admin: true });
}

/** Throws the item read's own 403/404 unless the caller may read `collection`/`item`. */
async function assertItemReadable(ctx: RequestContext, collection: string, item: unknown) {
  const schema = ctx.schema;
  const readAccess = await readAccessFor(ctx, schema, collection);
  const c = Object.hasOwn(schema.collections, collection) ? schema.collections[collection] : null;
  const pk = c?.primary ?? 'id';
  await read.readOne(collection, item, parseQuery({ fields: pk }), ctx, { readAccess });
}

/** What anyone reading a comment may see of its author and editor: who they are, by name. */
const AUTHOR_FIELDS = new Set(['id', 'first_name', 'last_name']);

/** A read of comments limited to `filter` (none for administrators). */
function options(ctx: RequestContext, filter: Filter | null): ReadOptions {
  if (ctx.accountability.admin) return { system: true };
  return {
    system: true,
    readAccess: (name) =>
      name === COLLECTION
        ? { fields: '*', filter }
        : name === 'daas_users'
          ? { fields: AUTHOR_FIELDS, filter: null }
          : { fields: new Set(), filter: { id: { _null: true } } },
  };
}

/** `collection` and `item` named with `_eq` at the top of a filter (or in its `_and`). */
function namedItem(filter: Filter | null): { collection: string; item: string } | null {
  const found: Record<string, string> = {};
  const visit = (f: unknown) => {
    if (!f || typeof f !== 'object') return;
    for (const [key, value] of Object.entries(f)) {
      if (key === '_and' && Array.isArray(value)) value.forEach(visit);
      if ((key === 'collection' || key === 'item') && value && typeof value === 'object') {
        const eq = (value as Record<string, unknown>)._eq;
        if (typeof eq === 'string' || typeof eq === 'number') found[key] = String(eq);
      }
    }
  };
  visit(filter);
  return found.collection && found.item ? { collection: found.collection, item: found.item } : null;
}

async function stored(ctx: RequestContext, id: string) {
  const row = await ctx.db
    .selectFrom(COLLECTION)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Item not found');
  return row;
}

/** A comment the caller may change: readable item, and their own unless an administrator. */
async function changeable(ctx: RequestContext, id: string) {
  const row = await stored(ctx, id);
  if (!ctx.accountability.admin) {
    try {
      await assertItemReadable(ctx, row.collection, row.item);
    } catch {
      throw new NotFoundError('Item not found');
    }
    if (row.user_created !== userOf(ctx)) throw new ForbiddenError(FORBIDDEN);
  }
  return row;
}

function show(ctx: RequestContext, id: string, raw: ItemsQueryInput | undefined) {
  return read.readOne(COLLECTION, id, query(raw), ctx, options(ctx, { id: { _eq: id } }));
}

export const comments = {
  /** Administrators list any comments; anyone else lists one readable item's. */
  async list(i: { query: ItemsQueryInput }, ctx: RequestContext) {
    const q = query(i.query);
    if (ctx.accountability.admin) return read.readByQuery(COLLECTION, q, ctx, options(ctx, null));
    userOf(ctx);
    const named = namedItem(q.filter);
    if (!named) {
      throw new ForbiddenError(
        'Name one item: filter[collection][_eq] and filter[item][_eq] are required',
      );
    }
    await assertItemReadable(ctx, named.collection, named.item);
    const filter = {
      _and: [{ collection: { _eq: named.collection } }, { item: { _eq: named.item } }],
    };
    return read.readByQuery(COLLECTION, q, ctx, options(ctx, filter));
  },

  async readOne(i: Params & WithQuery, ctx: RequestContext) {
    if (!ctx.accountability.admin) {
      userOf(ctx);
      const row = await stored(ctx, i.params.id);
      try {
        await assertItemReadable(ctx, row.collection, row.item);
      } catch {
        throw new NotFoundError('Item not found');
      }
    }
    return show(ctx, i.params.id, i.query);
  },

  async create(i: WithQuery & { body: z.infer<typeof createCommentBody> }, ctx: RequestContext) {
    const user = userOf(ctx);
    const { collection, comment } = i.body;
    const item = String(i.body.item);
    await assertItemReadable(ctx, collection, item);
    const row = await ctx.db
      .insertInto(COLLECTION)
      .values({ collection, item, comment, user_created: user })
      .returning('id')
      .executeTakeFirstOrThrow();
    return show(ctx, row.id, i.query);
  },

  async update(
    i: Params & WithQuery & { body: z.infer<typeof updateCommentBody> },
    ctx: RequestContext,
  ) {
    const row = await changeable(ctx, i.params.id);
    await ctx.db
      .updateTable(COLLECTION)
      .set({ comment: i.body.comment, date_updated: new Date(), user_updated: userOf(ctx) })
      .where('id', '=', row.id)
      .execute();
    return show(ctx, row.id, i.query);
  },

  async remove(i: Params, ctx: RequestContext): Promise<void> {
    const row = await changeable(ctx, i.params.id);
    await ctx.db.deleteFrom(COLLECTION).where('id', '=', row.id).execute();
  },
};
