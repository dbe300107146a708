import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import { invalidateAccessCache } from '@/lib/access/policies';
import type { Db } from '@/lib/db/client';
import { translateDbError } from '@/lib/db/errors';
import type { RequestContext } from '@/lib/core/context';
import {
  ConflictError,
  AppError,
  fieldError,
  InvalidPayloadError,
  NotFoundError,
} from '@/lib/core/errors';
import { emptyQuery, parseQuery, type ItemsQueryInput, type RawQuery } from '@/lib/items/parse';
import type { Filter, Query } from '@/lib/items/query';

import { andFilters, beyondReadAccessFor, permissionOf, readAccessFor } from '@/lib/items/access';
import { compileFilter } from '@/lib/items/filter';
import * as read from '@/lib/items/read/service';
import * as write from '@/lib/items/write/service';
import { WRITE_ONLY } from '@/lib/access/write-only';
import { isUuid } from '@/lib/core/guards';

export type Item = Record<string, unknown>;
export type Key = write.Key;
type Action = 'read' | 'create' | 'update' | 'delete';

const SYSTEM = { system: true, hidden: WRITE_ONLY } as const;

export interface SystemCollection {
  collection: string;
  keyType: 'uuid' | 'integer';
  /** Rows that decide who may do what: every change clears the resolved-access caches. */
  grantsAccess?: boolean;
  /** Reshapes one payload (hashing, lower-casing) and checks what needs no stored row. */
  input?: (data: Item, ctx: RequestContext, mode: 'create' | 'update') => Promise<Item>;
  /** Checks the item as it will be after the write; `before` is absent on create. */
  check?: (after: Item, ctx: RequestContext, before?: Item) => Promise<void>;
  /** Runs once an update of these keys with this (prepared) change is written. */
  afterUpdate?: (keys: Key[], change: Item, ctx: RequestContext) => Promise<void>;
  beforeDelete?: (keys: Key[], ctx: RequestContext) => Promise<void>;
  /** No item hooks run, on reads or writes (audit collections, the files routes). */
  silent?: boolean;
  /**
   * Plain data whose list may come from the read replica (DATABASE_READ_URL), some time
   * behind. Never for rows that decide access (users, roles, policies, ...).
   */
  replica?: boolean;
  /** Database constraint name → field, for the 409 of a unique violation. */
  unique?: Record<string, string>;
}

export interface ListInput {
  query: ItemsQueryInput;
}
export interface OneInput {
  params: { id: string };
  query: ItemsQueryInput;
}
export interface WriteInput<B> {
  params?: { id: string };
  query?: ItemsQueryInput;
  body: B;
}

export const idParams = z.object({ id: z.string().min(1).max(255) });
/** PATCH on the collection: `{keys, data}`, `{query: {filter}, data}` (Directus' batch forms). */
const keyList = z.array(z.union([z.string().max(255), z.number()])).min(1);

/** PATCH on the collection: `{keys, data}` or `{query: {filter}, data}` (Directus' batch forms). */
export function batchUpdateBody<T extends z.ZodType<Item>>(data: T) {
  return z.union([
    z.object({ keys: keyList, data }).strict(),
    z.object({ query: z.object({ filter: z.record(z.string(), z.unknown()) }), data }).strict(),
  ]);
}
export type BatchUpdate =
  | { keys: (string | number)[]; data: Item }
  | {
      query: { filter: Record<string, unknown> };
      data: Item;
    };
export const batchDeleteBody = z.union([keyList, z.object({ keys: keyList }).strict()]);

/**
 * System collections are governed like any other: an administrator may do everything,
 * anyone else what a permission on the `daas_*` collection grants (403 without one). The
 * field lists, item filters, presets and validation are enforced by the items engine.
 */
async function authorize(ctx: RequestContext, collection: string, action: Action) {
  if (ctx.accountability.admin) return;
  await permissionOf(ctx, ctx.schema, collection, action);
}

/** A key that cannot exist in the key column finds nothing instead of a database error. */
function validKey(spec: SystemCollection, raw: unknown): Key | null {
  const s = String(raw);
  if (spec.keyType === 'uuid') return isUuid(s) ? s.toLowerCase() : null;
  return /^[0-9]{1,9}$/.test(s) ? Number(s) : null;
}

/**
 * The stored rows among `keys` that the caller's permission for `action` reaches (every one
 * for an administrator). A row its item filter hides is left out, so the checks made on the
 * stored rows never tell a hidden row from a missing one.
 */
async function storedRows(
  spec: SystemCollection,
  ctx: RequestContext,
  input: { keys: Key[]; action: 'update' | 'delete' },
) {
  if (!input.keys.length) return [];
  const schema = ctx.schema;
  const permission = await permissionOf(ctx, schema, spec.collection, input.action);
  const only: Filter = { id: { _in: input.keys } };
  const where = compileFilter(andFilters(only, permission?.filter) ?? only, {
    schema,
    collection: spec.collection,
    alias: spec.collection,
    accountability: ctx.accountability,
  });
  const res = await sql<Item>`select * from ${sql.id(spec.collection)} where ${where}`.execute(
    ctx.db,
  );
  return res.rows;
}

export function uniqueError(field: string): AppError {
  return fieldError(ConflictError, `Value for field "${field}" has to be unique`, {
    field,
    type: 'unique',
    message: 'Has to be unique',
  });
}

function object(data: unknown): Item {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new InvalidPayloadError('Payload must be an object');
  }
  return data as Item;
}

/** The services' one door to the items engine: system flag, hidden fields, errors, caches. */
export class SystemService {
  constructor(readonly spec: SystemCollection) {}

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      const out = await work();
      if (this.spec.grantsAccess) invalidateAccessCache();
      return out;
    } catch (err) {
      const e = err as { code?: unknown; constraint?: unknown };
      const field = typeof e.constraint === 'string' ? this.spec.unique?.[e.constraint] : undefined;
      if (e.code === '23505' && field) throw uniqueError(field);
      throw translateDbError(err) ?? err;
    }
  }

  query(raw: ItemsQueryInput | undefined, ctx: RequestContext): Query {
    return parseQuery((raw ?? {}) as RawQuery, { admin: ctx.accountability.admin });
  }

  /** The caller's read rules on this collection (403 without a read permission). */
  private async reading(ctx: RequestContext): Promise<read.ReadOptions> {
    const readAccess = await readAccessFor(ctx, ctx.schema, this.spec.collection);
    return { ...SYSTEM, readAccess, events: !this.spec.silent };
  }

  async list(input: ListInput, ctx: RequestContext): Promise<read.ListResult> {
    const options = { ...(await this.reading(ctx)), replica: this.spec.replica };
    return read.readByQuery(this.spec.collection, this.query(input.query, ctx), ctx, options);
  }

  /**
   * Items by key for the `/me` endpoints: the caller's own, so no permission check on them;
   * a relation out of them reads through the caller's permissions like any other read.
   */
  async own(keys: Key[], raw: ItemsQueryInput, ctx: RequestContext): Promise<Item[]> {
    const valid = keys.map((k) => validKey(this.spec, k)).filter((k) => k !== null);
    if (!valid.length) return [];
    const root = {
      collection: this.spec.collection,
      access: { fields: '*' as const, filter: null },
    };
    const readAccess = await beyondReadAccessFor(ctx, ctx.schema, root);
    const options = { ...SYSTEM, readAccess };
    return read.readMany(this.spec.collection, valid, this.query(raw, ctx), ctx, options);
  }

  async readOne(input: OneInput, ctx: RequestContext): Promise<Item> {
    const options = await this.reading(ctx);
    const key = validKey(this.spec, input.params.id);
    if (key === null) throw new NotFoundError('Item not found');
    return read.readOne(this.spec.collection, key, this.query(input.query, ctx), ctx, options);
  }

  /**
   * The written items as the read path shows them to the caller: one that may write but
   * not read gets null in place of each item, never fields it can't read.
   */
  async shown(keys: Key[], raw: ItemsQueryInput | undefined, ctx: RequestContext) {
    const q = this.query(raw, ctx);
    let options: read.ReadOptions;
    try {
      options = await this.reading(ctx);
    } catch (err) {
      if (err instanceof AppError && err.status === 403) return keys.map(() => null);
      throw err;
    }
    const out: (Item | null)[] = [];
    for (const k of keys) {
      const [item] = await read.readMany(this.spec.collection, [k], q, ctx, options);
      out.push(item ?? null);
    }
    return out;
  }

  private async prepared(data: unknown, ctx: RequestContext, mode: 'create' | 'update') {
    const item = object(data);
    return this.spec.input ? this.spec.input(item, ctx, mode) : item;
  }

  async create(input: WriteInput<Item | Item[]>, ctx: RequestContext) {
    const many = Array.isArray(input.body);
    const keys = await this.insert(many ? (input.body as Item[]) : [input.body as Item], ctx);
    const shown = await this.shown(keys, input.query, ctx);
    return many ? shown : shown[0];
  }

  /** Creates the items as the caller may (permissions, checks, hooks) and returns their keys. */
  async insert(body: Item[], ctx: RequestContext): Promise<Key[]> {
    await authorize(ctx, this.spec.collection, 'create');
    const items: Item[] = [];
    for (const raw of body) items.push(await this.prepared(raw, ctx, 'create'));
    const before = async (db: Db) => {
      for (const item of items) await this.spec.check?.(item, { ...ctx, db });
    };
    return this.run(() =>
      write.createMany(this.spec.collection, items, ctx, {
        ...SYSTEM,
        before,
        events: !this.spec.silent,
      }),
    );
  }

  /** Checks the change against each stored row it applies to, then writes it in one go. */
  private async updateKeys(keys: Key[], data: unknown, ctx: RequestContext) {
    const change = await this.prepared(data, ctx, 'update');
    if (!keys.length) return [];
    // Checked against the stored rows inside the write's own transaction.
    const before = async (db: Db) => {
      for (const row of await storedRows(this.spec, { ...ctx, db }, { keys, action: 'update' })) {
        await this.spec.check?.({ ...row, ...change }, { ...ctx, db }, row);
      }
    };
    const filter: Filter = { id: { _in: keys } };
    const done = await this.run(() =>
      write.updateByFilter(this.spec.collection, filter, change, ctx, {
        ...SYSTEM,
        before,
        events: !this.spec.silent,
      }),
    );
    if (done.length) await this.spec.afterUpdate?.(done, change, ctx);
    return done;
  }

  async update(input: WriteInput<Item>, ctx: RequestContext) {
    await authorize(ctx, this.spec.collection, 'update');
    const key = validKey(this.spec, input.params?.id);
    const done = key === null ? [] : await this.updateKeys([key], input.body, ctx);
    if (!done.length) throw new NotFoundError('Item not found');
    return (await this.shown(done, input.query, ctx))[0];
  }

  async updateBatch(input: WriteInput<BatchUpdate>, ctx: RequestContext) {
    await authorize(ctx, this.spec.collection, 'update');
    const body = input.body;
    let keys: Key[];
    if ('keys' in body) {
      keys = body.keys.map((k) => validKey(this.spec, k)).filter((k) => k !== null);
    } else {
      const filter = body.query.filter as Filter;
      const q: Query = { ...emptyQuery(), filter, fields: ['id'], limit: -1 };
      const found = await read.readByQuery(this.spec.collection, q, ctx, await this.reading(ctx));
      keys = (found.data as Item[]).map((r) => r.id as Key);
    }
    const done = await this.updateKeys(keys, body.data, ctx);
    return this.shown(done, input.query, ctx);
  }

  private async removeKeys(keys: Key[], ctx: RequestContext): Promise<Key[]> {
    if (!keys.length) return [];
    const before = async (db: Db) => {
      const stored = await storedRows(this.spec, { ...ctx, db }, { keys, action: 'delete' });
      const found = stored.map((r) => r.id as Key);
      if (found.length) await this.spec.beforeDelete?.(found, { ...ctx, db });
    };
    const filter: Filter = { id: { _in: keys } };
    return this.run(() =>
      write.deleteByFilter(this.spec.collection, filter, ctx, {
        ...SYSTEM,
        before,
        events: !this.spec.silent,
      }),
    );
  }

  async remove(input: { params: { id: string } }, ctx: RequestContext): Promise<void> {
    await authorize(ctx, this.spec.collection, 'delete');
    const key = validKey(this.spec, input.params.id);
    const done = key === null ? [] : await this.removeKeys([key], ctx);
    if (!done.length) throw new NotFoundError('Item not found');
  }

  async removeBatch(input: WriteInput<z.infer<typeof batchDeleteBody>>, ctx: RequestContext) {
    await authorize(ctx, this.spec.collection, 'delete');
    const raw = Array.isArray(input.body) ? input.body : input.body.keys;
    const keys = raw.map((k) => validKey(this.spec, k)).filter((k) => k !== null);
    await this.removeKeys(keys, ctx);
  }
}
