import 'server-only';
import type { BareContext } from '@/lib/core/context';
import type { ChangeAction } from '@/lib/db/item-changes';
import { sql } from 'kysely';
import { andFilters, readAccessFor } from '@/lib/items/access';
import type { Query } from '@/lib/items/query';
import { readByQuery, readMany } from '@/lib/items/read/service';
import { config } from '@/lib/core/config';
import { epochMs, nextSlotAt } from '@/lib/core/worker-slot';
import { getSchema, type SchemaOverview } from '@/lib/schema/overview';
import { subscriptionReads } from './system';

export type Key = string | number;
export type Item = Record<string, unknown>;

/** Changes heard since the last read, by key (as text), with the keys as they came. */
export interface Batch {
  create: Set<string>;
  update: Set<string>;
  delete: Set<string>;
  /** Every row may be gone (TRUNCATE). */
  cleared: boolean;
  /** Rows were added whose keys were not told (the activity log of an API write). */
  fresh: boolean;
  raw: Map<string, Key>;
}

function emptyBatch(): Batch {
  return {
    create: new Set(),
    update: new Set(),
    delete: new Set(),
    cleared: false,
    fresh: false,
    raw: new Map(),
  };
}

/** What one read of a batch found, for each member to turn into its own messages. */
export interface BatchResult {
  batch: Batch;
  found: Map<string, Item>;
  pk: string;
  /** Message texts every member sends alike, serialised once per batch. */
  texts: Map<string, string>;
  /** Keys of items the group could read that are gone from its view (deleted, or filtered out). */
  gone: Key[];
  created: Item[];
  updated: Item[];
}

/** Keys remembered per group, so deletes go only to those who could read the item. */
const MAX_SEEN = 100_000;

export interface GroupMember {
  /** The member's context now; null once its connection is gone. */
  context(): BareContext | null;
  deliver(result: BatchResult): void;
  fail(err: unknown): void;
}

/**
 * The query with the primary key among its fields, so each item read can be told apart
 * (`strip`: the subscriber did not ask for the key, so it is taken out again).
 */
export function withKey(query: Query, pk: string): { query: Query; strip: boolean } {
  const fields = query.fields;
  if (!fields || fields.includes('*') || fields.includes(pk)) return { query, strip: false };
  return { query: { ...query, fields: [...fields, pk] }, strip: true };
}

/** New rows read at once for unnamed additions; a fuller read is followed by another. */
const FRESH_LIMIT = 200;

/**
 * Subscriptions that would read exactly the same thing (same collection and query, same
 * caller and scope, as the read cache keys them) share one read per batch of changes.
 * Changes are collected while a read runs (and for at most REALTIME_BATCH_MS after the last
 * one) and then read together, so a burst of writes costs one read and one message per group
 * and member, not one per write.
 */
export class ReadGroup {
  readonly members = new Set<GroupMember>();
  /**
   * Items the group's reads showed (in a member's `init` or an event since). Members read
   * alike, so one set serves them all, and memory grows with groups, not with subscribers.
   */
  private readonly seen = new Map<string, Key>();
  private pending = emptyBatch();
  private running = false;
  /** When the last read of a batch started (ms since the epoch). */
  private lastRead = -Infinity;

  constructor(
    readonly key: string,
    readonly collection: string,
    readonly query: Query,
  ) {}

  offer(action: ChangeAction, keys: Key[] | null): void {
    const p = this.pending;
    if (keys === null) {
      if (action === 'delete') p.cleared = true;
      else if (action === 'create') p.fresh = true;
    } else {
      for (const key of keys) {
        const k = String(key);
        p.raw.set(k, key);
        if (action === 'delete') {
          p.delete.add(k);
          p.create.delete(k);
          p.update.delete(k);
        } else if (action === 'create') {
          p.create.add(k);
          p.update.delete(k);
          p.delete.delete(k);
        } else if (!p.create.has(k)) {
          p.update.add(k);
        }
      }
    }
    if (!this.running) void this.drain();
  }

  private hasPending(): boolean {
    const p = this.pending;
    return p.cleared || p.fresh || p.create.size > 0 || p.update.size > 0 || p.delete.size > 0;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.members.size && this.hasPending()) {
        await this.spaced();
        if (!this.members.size) break;
        const batch = this.pending;
        this.pending = emptyBatch();
        try {
          const result = this.settle(batch, ...(await this.read(batch)));
          for (const m of this.members) m.deliver(result);
        } catch (err) {
          for (const m of [...this.members]) m.fail(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Each event is one message to every member, so under a burst of writes the changes that
   * come meanwhile go out together (`create` and `update` carry a list of items). A group
   * that has not read for REALTIME_BATCH_MS reads at once; otherwise at this worker's next
   * slot, so workers that heard the same write take turns writing to their sockets instead of
   * competing for the cores in step.
   */
  private async spaced(): Promise<void> {
    const window = config().REALTIME_BATCH_MS;
    const now = epochMs();
    if (now - this.lastRead >= window) {
      this.lastRead = now;
      return;
    }
    const at = nextSlotAt(this.lastRead + window / 2, window);
    await new Promise((resolve) => setTimeout(resolve, at - now));
    this.lastRead = epochMs();
  }

  remember(items: Item[], pk: string): void {
    for (const item of items) {
      const key = item[pk];
      if ((typeof key === 'string' || typeof key === 'number') && this.seen.size < MAX_SEEN) {
        this.seen.set(String(key), key);
      }
    }
  }

  /** What the batch changes in the group's view, once for all members. */
  private settle(batch: Batch, found: Map<string, Item>, pk: string): BatchResult {
    const gone: Key[] = [];
    if (batch.cleared) {
      gone.push(...this.seen.values());
      this.seen.clear();
    }
    for (const k of batch.delete) {
      const key = this.seen.get(k);
      if (key === undefined) continue;
      this.seen.delete(k);
      gone.push(key);
    }
    // An update that takes a seen item out of the group's view is, for it, a delete.
    for (const k of batch.update) {
      const key = this.seen.get(k);
      if (found.has(k) || key === undefined) continue;
      this.seen.delete(k);
      gone.push(key);
    }
    const pick = (keys: Set<string>) =>
      [...keys].map((k) => found.get(k)).filter((i): i is Item => i !== undefined);
    const created = pick(batch.create);
    const updated = pick(batch.update);
    this.remember(created, pk);
    this.remember(updated, pk);
    return { batch, found, pk, texts: new Map(), gone, created, updated };
  }

  private context(): BareContext | null {
    for (const m of this.members) {
      const ctx = m.context();
      if (ctx) return ctx;
    }
    return null;
  }

  /** The batch's created and updated items as the group may read them, and the key's name. */
  private async read(batch: Batch): Promise<[found: Map<string, Item>, pk: string]> {
    const bare = this.context();
    if (!bare) throw new Error('no subscriber');
    const schema = await getSchema(bare.db);
    const ctx = { ...bare, schema };
    const pk = schema.collections[this.collection]?.primary;
    if (!pk) throw new Error('collection gone');
    const found = new Map<string, Item>();
    if (batch.fresh) await this.readFresh(ctx, schema, pk, batch, found);
    const keys = [...batch.create, ...batch.update].filter((k) => !found.has(k));
    if (keys.length) {
      const readAccess = await readAccessFor(ctx, schema, this.collection);
      const { query } = withKey(this.query, pk);
      const raw = keys.map((k) => batch.raw.get(k) ?? k);
      const options = { ...subscriptionReads(this.collection), readAccess };
      for (const item of await readMany(this.collection, raw, query, ctx, options)) {
        found.set(String(item[pk]), item);
      }
    }
    return [found, pk];
  }

  /** The largest key when the group started or last read new rows; null: not a number key. */
  private highWater: Promise<number | null> | null = null;

  private async largestKey(ctx: BareContext, schema: SchemaOverview, pk: string) {
    const type = schema.collections[this.collection]?.fields[pk]?.type;
    if (type !== 'integer' && type !== 'bigInteger') return null;
    // Both names come from the schema overview; the value is only the group's bookmark.
    const { rows } = await sql<{ m: string | number | null }>`select max(${sql.ref(pk)}) as m
      from ${sql.table(this.collection)}`.execute(ctx.db);
    return Number(rows[0]?.m ?? 0);
  }

  /** Marks where "new rows" start: called when the group is made, before any change. */
  prime(ctx: BareContext, schema: SchemaOverview): void {
    const pk = schema.collections[this.collection]?.primary;
    if (!pk || this.highWater) return;
    this.highWater = this.largestKey(ctx, schema, pk).catch(() => null);
  }

  /**
   * Rows added since the last look, as the members may read them (at most FRESH_LIMIT, in
   * key order): what a write that did not name its keys added.
   */
  private async readFresh(
    ctx: BareContext & { schema: SchemaOverview },
    schema: SchemaOverview,
    pk: string,
    batch: Batch,
    found: Map<string, Item>,
  ): Promise<void> {
    const since = await (this.highWater ?? Promise.resolve(null));
    const upTo = await this.largestKey(ctx, schema, pk);
    if (since === null || upTo === null || upTo <= since) return;
    this.highWater = Promise.resolve(upTo);
    const readAccess = await readAccessFor(ctx, schema, this.collection);
    const { query } = withKey(this.query, pk);
    const range = { [pk]: { _gt: since, _lte: upTo } };
    const fresh: Query = {
      ...query,
      filter: andFilters(query.filter, range),
      sort: [pk],
      limit: FRESH_LIMIT,
      offset: null,
      page: null,
      meta: null,
    };
    const options = { ...subscriptionReads(this.collection), readAccess };
    const result = await readByQuery(this.collection, fresh, ctx, options);
    const rows = result.data as Item[];
    if (rows.length === FRESH_LIMIT) {
      // The rest of the range is read next, from the last row taken.
      this.highWater = Promise.resolve(Number(rows[rows.length - 1][pk]));
      this.pending.fresh = true;
    }
    for (const item of rows) {
      const key = item[pk];
      if (typeof key !== 'string' && typeof key !== 'number') continue;
      found.set(String(key), item);
      batch.create.add(String(key));
      batch.raw.set(String(key), key);
    }
  }
}
