import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import type { ChangeAction } from '@/lib/db/item-changes';
import { readPolicyFor } from '@/lib/items/access';
import { parseQuery } from '@/lib/items/parse';
import type { Query } from '@/lib/items/query';
import { readByQuery, readMany } from '@/lib/items/read/service';
import { getSchema } from '@/lib/schema/overview';
import type { ServerMessage } from './protocol';

type Key = string | number;
type Item = Record<string, unknown>;

/** Keys remembered per subscription, so deletes go only to those who saw the item. */
const MAX_SEEN = 100_000;

export interface SubscriptionOwner {
  /** The subscriber's context now (it changes on re-authentication). */
  context(): RequestContext | null;
  send(message: ServerMessage): void;
  /** The subscription can no longer be served (access revoked, collection gone). */
  ended(sub: Subscription, err: unknown): void;
}

interface Pending {
  create: Set<string>;
  update: Set<string>;
  delete: Set<string>;
  /** Every row may be gone (TRUNCATE). */
  cleared: boolean;
  raw: Map<string, Key>;
}

/**
 * The query with the primary key among its fields, so each item read can be told apart
 * (`strip`: the subscriber did not ask for the key, so it is taken out again).
 */
function withKey(query: Query, pk: string): { query: Query; strip: boolean } {
  const fields = query.fields;
  if (!fields || fields.includes('*') || fields.includes(pk)) return { query, strip: false };
  return { query: { ...query, fields: [...fields, pk] }, strip: true };
}

function stripped(items: Item[], pk: string, strip: boolean): Item[] {
  if (!strip) return items;
  return items.map(({ [pk]: _key, ...rest }) => rest);
}

function emptyPending(): Pending {
  return {
    create: new Set(),
    update: new Set(),
    delete: new Set(),
    cleared: false,
    raw: new Map(),
  };
}

/**
 * One `subscribe`: the subscriber's own read of `collection` with its query. Changes are
 * collected while a read is running and then read together, so a burst of writes costs one
 * read per subscription, not one per write; every item is read as the subscriber's own read
 * would show it (fields, item filter, scope), and a delete goes out only for items it saw.
 */
export class Subscription {
  readonly query: Query;
  private readonly seen = new Map<string, Key>();
  private pending = emptyPending();
  private running = false;
  private closed = false;

  constructor(
    readonly owner: SubscriptionOwner,
    readonly collection: string,
    readonly uid: string | number | undefined,
    readonly event: ChangeAction | undefined,
    raw: Record<string, string | string[]>,
    admin: boolean,
  ) {
    this.query = parseQuery(raw, { admin });
  }

  private message(event: string, data: unknown): ServerMessage {
    const m: ServerMessage = { type: 'subscription', event, data };
    if (this.uid !== undefined) m.uid = this.uid;
    return m;
  }

  private remember(items: Item[], pk: string): void {
    for (const item of items) {
      const key = item[pk];
      if ((typeof key === 'string' || typeof key === 'number') && this.seen.size < MAX_SEEN) {
        this.seen.set(String(key), key);
      }
    }
  }

  /** Checks access and sends `init` with the first page, as the subscriber's list read. */
  async start(): Promise<void> {
    const ctx = this.ctx();
    const schema = await getSchema(ctx.db);
    const policy = await readPolicyFor(ctx, schema, this.collection);
    const pk = schema.collections[this.collection]?.primary;
    if (!pk) throw new Error('collection gone');
    const { query, strip } = withKey(this.query, pk);
    const result = await readByQuery(this.collection, query, ctx, { policy });
    const items = result.data as Item[];
    this.remember(items, pk);
    this.owner.send(this.message('init', stripped(items, pk, strip)));
  }

  private ctx(): RequestContext {
    const ctx = this.owner.context();
    if (!ctx) throw new Error('no subscriber');
    return ctx;
  }

  close(): void {
    this.closed = true;
  }

  /** Takes changes of this collection; they go out after the read running now, if any. */
  offer(action: ChangeAction, keys: Key[] | null): void {
    if (this.closed) return;
    const p = this.pending;
    if (keys === null) {
      if (action === 'delete') p.cleared = true;
    } else {
      for (const key of keys) {
        const k = String(key);
        p.raw.set(k, key);
        if (action === 'delete') {
          p.delete.add(k);
          p.create.delete(k);
          p.update.delete(k);
        } else if (action === 'create' || !p.create.has(k)) {
          p[action].add(k);
          if (action === 'create') p.delete.delete(k);
        }
      }
    }
    if (!this.running) void this.drain();
  }

  /** Re-checks access (after a permission, scope or schema change). */
  async recheck(): Promise<void> {
    if (this.closed) return;
    const ctx = this.ctx();
    const schema = await getSchema(ctx.db);
    await readPolicyFor(ctx, schema, this.collection);
    if (!schema.collections[this.collection]?.schema) throw new Error('collection gone');
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (!this.closed && this.hasPending()) {
        const batch = this.pending;
        this.pending = emptyPending();
        await this.flush(batch);
      }
    } catch (err) {
      this.closed = true;
      this.owner.ended(this, err);
    } finally {
      this.running = false;
    }
  }

  private hasPending(): boolean {
    const p = this.pending;
    return p.cleared || p.create.size > 0 || p.update.size > 0 || p.delete.size > 0;
  }

  private async flush(batch: Pending): Promise<void> {
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
    if (gone.length && this.wants('delete')) this.owner.send(this.message('delete', gone));
    const keys = [...batch.create, ...batch.update];
    if (!keys.length) return;
    const ctx = this.ctx();
    const schema = await getSchema(ctx.db);
    const pk = schema.collections[this.collection]?.primary;
    if (!pk) throw new Error('collection gone');
    const policy = await readPolicyFor(ctx, schema, this.collection);
    const raw = keys.map((k) => batch.raw.get(k) ?? k);
    const { query, strip } = withKey(this.query, pk);
    const items = await readMany(this.collection, raw, query, ctx, { policy });
    const found = new Map<string, Item>(items.map((i) => [String(i[pk]), i]));
    const pick = (keys: Set<string>) =>
      [...keys].map((k) => found.get(k)).filter((i): i is Item => i !== undefined);
    const created = pick(batch.create);
    const updated = pick(batch.update);
    // An update that takes a seen item out of the subscriber's view is, for it, a delete.
    const hidden = [...batch.update].filter((k) => !found.has(k) && this.seen.has(k));
    this.remember(created, pk);
    this.remember(updated, pk);
    if (created.length && this.wants('create')) {
      this.owner.send(this.message('create', stripped(created, pk, strip)));
    }
    if (updated.length && this.wants('update')) {
      this.owner.send(this.message('update', stripped(updated, pk, strip)));
    }
    if (hidden.length) {
      const keysGone = hidden.map((k) => this.seen.get(k) as Key);
      hidden.forEach((k) => this.seen.delete(k));
      if (this.wants('delete')) this.owner.send(this.message('delete', keysGone));
    }
  }

  private wants(event: ChangeAction): boolean {
    return this.event === undefined || this.event === event;
  }
}
