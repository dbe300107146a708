import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import { emitter, itemEvents, readsHooked, type HookContext } from '@/lib/events/emitter';
import {
  ForbiddenError,
  InvalidQueryError,
  NotFoundError,
  UnauthenticatedError,
} from '@/lib/core/errors';
import type { RequestContext } from '@/lib/core/context';
import { SYSTEM_PREFIX, type CollectionOverview, type SchemaOverview } from '@/lib/schema/overview';
import type { Filter, Query } from '../query';
import { readAggregate } from './aggregate';
import { keyFilter } from './by-key';
import { readContext, type ReadContext } from './context';
import { nodeWhere, rowJson } from './compile';
import type { ListMeta } from './count';
import { readPage } from './page';
import { pageWindow, type PageWindow } from './pagination';
import { buildPlan, type PlanNode } from './plan';
import { adminReadAccess, FULL_ACCESS, isRestricted, type ReadAccess } from './read-access';
import { orderBy, sortKeys } from './sort';
import { runForKey } from './statement-cache';
import { onReadDb, replicaRead } from './replica';
import { planStable } from './stable';
import { WRITE_ONLY } from '@/lib/access/write-only';

export interface ReadOptions {
  /** The access layer's restrictions; none = an admin read. */
  readAccess?: ReadAccess;
  /**
   * Set only by the system-collection services (users, roles, ...): lets a `daas_*`
   * collection be read, which /api/items refuses.
   */
  system?: boolean;
  /**
   * Fields never readable, per collection, whoever asks (write-only secrets). They become
   * part of the read access, so they can't be returned, filtered, sorted or searched on either.
   */
  hidden?: Readonly<Record<string, readonly string[]>>;
  /** False: no `items.query` / `items.read` hooks run (read-only audit collections). */
  events?: boolean;
  /** Item or file data that may be read from the replica (DATABASE_READ_URL), lag and all. */
  replica?: boolean;
  /** A list's items as JSON text for a response body (JsonText), unless hooks read them. */
  asText?: boolean;
}

export interface ListResult {
  data: unknown[];
  meta?: ListMeta;
}

type Item = Record<string, unknown>;

/** A collection items may be read from: 403 for system ones, 404 for unknown ones. */
export function itemsCollection(
  schema: SchemaOverview,
  collection: string,
  system = false,
): CollectionOverview {
  if (!system && collection.startsWith(SYSTEM_PREFIX)) throw new ForbiddenError();
  const c = Object.hasOwn(schema.collections, collection)
    ? schema.collections[collection]
    : undefined;
  if (!c || !c.schema) throw new NotFoundError(`Collection "${collection.slice(0, 64)}" not found`);
  if (!c.primary) throw new InvalidQueryError(`Collection "${collection}" has no primary key`);
  return c;
}

function hookContext(ctx: RequestContext, schema: SchemaOverview): HookContext {
  return { schema, accountability: ctx.accountability, resourceUri: ctx.scope };
}

/** The caller's read access with the hidden fields taken out of every collection they belong to. */
function withHidden(schema: SchemaOverview, options: ReadOptions): ReadAccess | undefined {
  const hidden = { ...WRITE_ONLY, ...options.hidden };
  const base = options.readAccess ?? FULL_ACCESS;
  const readAccess: ReadAccess = (collection) => {
    const access = base(collection);
    const gone = Object.hasOwn(hidden, collection) ? hidden[collection] : [];
    if (!gone.length) return access;
    const names =
      access.fields === '*'
        ? Object.keys(schema.collections[collection]?.fields ?? {})
        : [...access.fields];
    return { ...access, fields: new Set(names.filter((f) => !gone.includes(f))) };
  };
  return options.readAccess ? readAccess : adminReadAccess(readAccess);
}

async function prepare(
  collection: string,
  query: Query,
  ctx: RequestContext,
  options: ReadOptions,
): Promise<{
  schema: SchemaOverview;
  query: Query;
  hooks: HookContext | null;
  readAccess?: ReadAccess;
}> {
  // Anonymous callers read through the public policy (the access layer's `readAccessFor`, which
  // answers 401 when it grants nothing); internal callers (hooks, scheduled work) read as
  // admin without a user.
  if (!ctx.accountability.user && !ctx.accountability.admin && !options.readAccess) {
    throw new UnauthenticatedError();
  }
  const schema = ctx.schema;
  itemsCollection(schema, collection, options.system);
  if (options.events === false) {
    return { schema, query, hooks: null, readAccess: withHidden(schema, options) };
  }
  const hooks = hookContext(ctx, schema);
  const q = await emitter().emitFilter(
    itemEvents(collection, 'query'),
    query,
    { collection },
    hooks,
  );
  return { schema, query: q, hooks, readAccess: withHidden(schema, options) };
}

/**
 * A list read: `{data, meta}`, or `{data}` for aggregates. The items come from one SQL
 * statement whatever the relational depth; meta costs what its count mode says.
 */
export async function readByQuery(
  collection: string,
  query: Query,
  ctx: RequestContext,
  options: ReadOptions = {},
): Promise<ListResult> {
  const prepared = await prepare(collection, query, ctx, options);
  const readAccess = prepared.readAccess;
  const q = prepared.query;
  const rc = readContext({
    schema: prepared.schema,
    accountability: ctx.accountability,
    readAccess,
  });
  const window = pageWindow(q);
  const on = replicaRead(ctx, prepared, collection, options.replica);
  if (q.groupBy && !q.aggregate) throw new InvalidQueryError('groupBy requires aggregate');
  if (q.aggregate) {
    const alias = rc.nextAlias();
    const plan = buildPlan(prepared.schema, collection, { ...q, fields: [] }, readAccess);
    const where = nodeWhere(rc, plan, alias);
    const data = await onReadDb(on, (db) =>
      readAggregate({ rc, db, collection, alias, where, query: q, window }),
    );
    return { data: await afterRead(collection, data, q, prepared.hooks) };
  }
  const plan = buildPlan(prepared.schema, collection, q, readAccess);
  const alias = rc.nextAlias();
  const { rows, meta } = await onReadDb(
    on,
    (db) =>
      readPage(
        rc,
        { ...ctx, db },
        { plan, alias, query: q, window, asText: options.asText && !readsHooked(collection) },
      ),
    planStable(plan),
  );
  return { data: await afterRead(collection, rows, q, prepared.hooks), meta };
}

/** The one data statement of a read: each row is a finished JSON item. */
function itemsStatement(
  rc: ReadContext,
  input: {
    plan: PlanNode;
    alias: string;
    where: RawBuilder<boolean>;
    window: PageWindow;
    /** Rows to read instead of the collection's table (see readOver). */
    source?: RawBuilder<unknown>;
  },
): RawBuilder<{ item: unknown }> {
  const { plan, alias, where, window } = input;
  const limit = window.limit >= 0 ? sql`limit ${window.limit}` : sql``;
  const offset = window.offset ? sql`offset ${window.offset}` : sql``;
  return sql<{
    item: unknown;
  }>`select ${rowJson(rc, plan, alias)} as item from ${input.source ?? sql.id(plan.collection)} as ${sql.id(alias)} where ${where} order by ${orderBy(sortKeys(rc, plan, alias))} ${limit} ${offset}`;
}

/**
 * A read whose statement depends on nothing but the collection, the query and the key can
 * reuse its compiled form: an unrestricted caller (admin read access), no dynamic values.
 */
function statementShape(
  collection: string,
  query: Query,
  readAccess: ReadAccess | undefined,
  options: ReadOptions,
): string | null {
  if (isRestricted(readAccess)) return null;
  const text = JSON.stringify([collection, query, options.system ?? false, options.hidden ?? null]);
  return text.includes('$') ? null : text;
}

async function afterRead(
  collection: string,
  rows: unknown[],
  query: Query,
  hooks: HookContext | null,
): Promise<unknown[]> {
  if (!hooks) return rows;
  return emitter().emitFilter(itemEvents(collection, 'read'), rows, { collection, query }, hooks);
}

/** Items by primary key, in no particular order; keys that match nothing are left out. */
export async function readMany(
  collection: string,
  ids: unknown[],
  query: Query,
  ctx: RequestContext,
  options: ReadOptions = {},
): Promise<Item[]> {
  const prepared = await prepare(collection, query, ctx, options);
  const readAccess = prepared.readAccess;
  const rc = readContext({
    schema: prepared.schema,
    accountability: ctx.accountability,
    readAccess,
  });
  const { filter, valid } = keyFilter(rc, collection, ids);
  if (!valid.length) return [];
  const q = prepared.query;
  const build = () => {
    const combined: Filter = q.filter ? { _and: [q.filter, filter] } : filter;
    const plan = buildPlan(prepared.schema, collection, { ...q, filter: combined }, readAccess);
    const alias = rc.nextAlias();
    return itemsStatement(rc, {
      plan,
      alias,
      where: nodeWhere(rc, plan, alias),
      window: { limit: -1, offset: 0, page: 0, empty: false },
    });
  };
  const rows = await onReadDb(replicaRead(ctx, prepared, collection, options.replica), (db) =>
    runForKey({
      db,
      schema: prepared.schema,
      shape: valid.length === 1 ? statementShape(collection, q, readAccess, options) : null,
      key: valid[0],
      build,
    }),
  );
  return (await afterRead(
    collection,
    rows.map((r) => r.item),
    q,
    prepared.hooks,
  )) as Item[];
}

/**
 * The statement readOne would run, over `source` (rows shaped like the collection's, such as
 * those an insert in the same statement returns) instead of the table, and how its rows
 * become the item readOne answers (null: none of them may be read).
 */
export async function readOver(
  collection: string,
  query: Query,
  ctx: RequestContext,
  options: ReadOptions & { source: RawBuilder<unknown> },
): Promise<{
  statement: RawBuilder<{ item: unknown }>;
  finish(rows: { item: unknown }[]): Promise<Item | null>;
}> {
  const prepared = await prepare(collection, query, ctx, options);
  const rc = readContext({
    schema: prepared.schema,
    accountability: ctx.accountability,
    readAccess: prepared.readAccess,
  });
  const plan = buildPlan(prepared.schema, collection, prepared.query, prepared.readAccess);
  const alias = rc.nextAlias();
  const statement = itemsStatement(rc, {
    plan,
    alias,
    where: nodeWhere(rc, plan, alias),
    window: { limit: -1, offset: 0, page: 0, empty: false },
    source: options.source,
  });
  return {
    statement,
    async finish(rows) {
      const items = await afterRead(
        collection,
        rows.map((r) => r.item),
        prepared.query,
        prepared.hooks,
      );
      return (items[0] as Item | undefined) ?? null;
    },
  };
}

/**
 * One item. Absent, hidden by a filter or by the caller's item permissions: the same 404,
 * so the three cannot be told apart.
 */
export async function readOne(
  collection: string,
  id: unknown,
  query: Query,
  ctx: RequestContext,
  options: ReadOptions = {},
): Promise<Item> {
  const items = await readMany(collection, [id], query, ctx, options);
  if (!items.length) throw new NotFoundError('Item not found');
  return items[0];
}
