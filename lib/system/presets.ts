import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import { parseQuery, type ItemsQueryInput, type RawQuery } from '@/lib/items/parse';
import type { Filter } from '@/lib/items/query';
import type { ReadOptions } from '@/lib/items/read/service';
import * as read from '@/lib/items/read/service';
import * as write from '@/lib/items/write/service';
import { translateDbError } from '@/lib/db/errors';
import type { Item, Key } from './system-collection';

/**
 * Presets (saved views and bookmarks), Directus's `/presets`. Every signed-in user has the
 * same fixed rights here, whatever their policies grant, as Directus's app access gives:
 * read their own, their roles' and the global presets; create, change and delete only
 * their own. Administrators may do everything. Another user's preset is not found.
 */
const COLLECTION = 'daas_presets';
const SYSTEM = { system: true } as const;

const json = z.record(z.string(), z.unknown()).nullable();
export const presetFields = z
  .object({
    bookmark: z.string().trim().min(1).max(255).nullable(),
    user: z.uuid().nullable(),
    role: z.uuid().nullable(),
    collection: z.string().min(1).max(64),
    search: z.string().max(255).nullable(),
    layout: z.string().max(100).nullable(),
    layout_query: json,
    layout_options: json,
    refresh_interval: z.number().int().min(0).nullable(),
    filter: json,
    icon: z.string().max(64).nullable(),
    color: z.string().max(255).nullable(),
  })
  .partial()
  .strict();
export const createPresetsBody = z.union([presetFields, z.array(presetFields).min(1).max(100)]);

function userOf(ctx: RequestContext): string {
  const user = ctx.accountability.user;
  // Presets belong to users: a static token without a user or an anonymous caller has none.
  if (!user) throw new ForbiddenError("You don't have permission to access this.");
  return user;
}

/** What a non-administrator may see: own, their roles', global. */
function visible(ctx: RequestContext): Filter {
  const roles = ctx.accountability.roles;
  return {
    _or: [
      { user: { _eq: userOf(ctx) } },
      ...(roles.length ? [{ _and: [{ user: { _null: true } }, { role: { _in: roles } }] }] : []),
      { _and: [{ user: { _null: true } }, { role: { _null: true } }] },
    ],
  };
}

function readOptions(ctx: RequestContext): ReadOptions {
  if (ctx.accountability.admin) return SYSTEM;
  const filter = visible(ctx);
  return {
    ...SYSTEM,
    readAccess: (name) =>
      name === COLLECTION
        ? { fields: '*', filter }
        : { fields: new Set(), filter: { id: { _null: true } } },
  };
}

/**
 * Writes run with the engine's checks off (`admin`) because the rules above replace the
 * permission table here; they are applied before, and the row filter inside, the write.
 */
function writing(ctx: RequestContext): RequestContext {
  return { ...ctx, accountability: { ...ctx.accountability, admin: true } };
}

/** A non-administrator's payload may only name themselves as owner and no role. */
function ownPayload(data: Item, ctx: RequestContext, create: boolean): Item {
  if (ctx.accountability.admin) return data;
  const me = userOf(ctx);
  if ('user' in data && data.user !== me)
    throw new ForbiddenError("You can't give a preset to another user.");
  if ('role' in data && data.role !== null)
    throw new ForbiddenError('Only administrators share presets with a role.');
  return create ? { ...data, user: me } : data;
}

function query(raw: ItemsQueryInput | undefined) {
  return parseQuery((raw ?? {}) as RawQuery);
}

function validKey(raw: unknown): Key | null {
  const s = String(raw);
  return /^[0-9]{1,9}$/.test(s) ? Number(s) : null;
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translateDbError(err) ?? err;
  }
}

async function shown(keys: Key[], raw: ItemsQueryInput | undefined, ctx: RequestContext) {
  return read.readMany(COLLECTION, keys, query(raw), ctx, readOptions(ctx));
}

/** The key of a preset the caller may change; 404 when they can't see it, 403 when it isn't theirs. */
async function changeable(rawId: string, ctx: RequestContext): Promise<Key> {
  const key = validKey(rawId);
  if (key === null) throw new NotFoundError('Item not found');
  const [row] = await read.readMany(
    COLLECTION,
    [key],
    query({ fields: 'id,user' }),
    ctx,
    readOptions(ctx),
  );
  if (!row) throw new NotFoundError('Item not found');
  if (!ctx.accountability.admin && row.user !== userOf(ctx)) {
    throw new ForbiddenError("You don't have permission to access this.");
  }
  return key;
}

/** Only the caller's own rows (any row for an administrator): guards the write itself. */
function ownFilter(key: Key, ctx: RequestContext): Filter {
  return ctx.accountability.admin
    ? { id: { _eq: key } }
    : { _and: [{ id: { _eq: key } }, { user: { _eq: userOf(ctx) } }] };
}

type Params = { params: { id: string } };
type WithQuery = { query?: ItemsQueryInput };

/** The service behind `/api/presets` and `/api/presets/:id` (route files bind it to HTTP). */
export const presets = {
  list: (i: { query: ItemsQueryInput }, ctx: RequestContext) =>
    read.readByQuery(COLLECTION, query(i.query), ctx, readOptions(ctx)),

  async create(i: WithQuery & { body: Item | Item[] }, ctx: RequestContext) {
    const many = Array.isArray(i.body);
    const items = (many ? (i.body as Item[]) : [i.body as Item]).map((b) =>
      ownPayload(b, ctx, true),
    );
    for (const item of items) {
      if (typeof item.collection !== 'string') {
        throw new InvalidPayloadError('Field "collection" is required');
      }
    }
    const keys = await run(() => write.createMany(COLLECTION, items, writing(ctx), SYSTEM));
    const out = await shown(keys, i.query, ctx);
    return many ? out : out[0];
  },

  readOne(i: Params & WithQuery, ctx: RequestContext) {
    const key = validKey(i.params.id);
    if (key === null) throw new NotFoundError('Item not found');
    return read.readOne(COLLECTION, key, query(i.query), ctx, readOptions(ctx));
  },

  async update(i: Params & WithQuery & { body: Item }, ctx: RequestContext) {
    const key = await changeable(i.params.id, ctx);
    const change = ownPayload(i.body, ctx, false);
    const filter = ownFilter(key, ctx);
    const done = await run(() =>
      write.updateByFilter(COLLECTION, filter, change, writing(ctx), SYSTEM),
    );
    if (!done.length) throw new NotFoundError('Item not found');
    return (await shown(done, i.query, ctx))[0];
  },

  async remove(i: Params, ctx: RequestContext): Promise<void> {
    const key = await changeable(i.params.id, ctx);
    const filter = ownFilter(key, ctx);
    const done = await run(() => write.deleteByFilter(COLLECTION, filter, writing(ctx), SYSTEM));
    if (!done.length) throw new NotFoundError('Item not found');
  },
};
