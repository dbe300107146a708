import 'server-only';
import type { BareContext } from '@/lib/core/context';
import type { ChangeAction } from '@/lib/db/item-changes';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery } from '@/lib/items/parse';
import type { Query } from '@/lib/items/query';
import { readByQuery } from '@/lib/items/read/service';
import { getSchema } from '@/lib/schema/overview';
import { withKey, type BatchResult, type GroupMember, type Item } from './group';
import type { ServerMessage } from './protocol';
import { subscriptionReads } from './system';

export interface SubscriptionOwner {
  /** The subscriber's context now (it changes on re-authentication). */
  context(): BareContext | null;
  send(message: ServerMessage | string): void;
  /** The subscription can no longer be served (access revoked, collection gone). */
  ended(sub: Subscription, err: unknown): void;
}

function stripped(items: Item[], pk: string, strip: boolean): Item[] {
  if (!strip) return items;
  return items.map(({ [pk]: _key, ...rest }) => rest);
}

/** The read group a subscription belongs to, as the subscription knows it. */
interface Joined {
  remember(items: Item[], pk: string): void;
}

/**
 * One `subscribe`: the subscriber's own read of `collection` with its query. Every item it
 * gets is read as the subscriber's own read would show it (fields, item filter, scope); a
 * delete goes out only for items its read group could read (in an `init` or an event since).
 */
export class Subscription implements GroupMember {
  readonly query: Query;
  private group: Joined | null = null;
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

  context(): BareContext | null {
    return this.closed ? null : this.owner.context();
  }

  private message(event: string, data: unknown): ServerMessage {
    const m: ServerMessage = { type: 'subscription', event, data };
    if (this.uid !== undefined) m.uid = this.uid;
    return m;
  }

  /** Set by the hub when the subscription is placed in a read group. */
  joined(group: Joined): void {
    this.group = group;
  }

  /** Checks access and sends `init` with the first page, as the subscriber's list read. */
  async start(): Promise<void> {
    const bare = this.owner.context();
    if (!bare) throw new Error('no subscriber');
    const schema = await getSchema(bare.db);
    const ctx = { ...bare, schema };
    const readAccess = await readAccessFor(ctx, schema, this.collection);
    const pk = schema.collections[this.collection]?.primary;
    if (!pk) throw new Error('collection gone');
    const { query, strip } = withKey(this.query, pk);
    const options = { ...subscriptionReads(this.collection), readAccess };
    const result = await readByQuery(this.collection, query, ctx, options);
    const items = result.data as Item[];
    this.group?.remember(items, pk);
    this.owner.send(this.message('init', stripped(items, pk, strip)));
  }

  close(): void {
    this.closed = true;
  }

  fail(err: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.owner.ended(this, err);
  }

  /** Re-checks access (after a permission, scope or schema change). */
  async recheck(): Promise<void> {
    const bare = this.context();
    if (!bare) return;
    const schema = await getSchema(bare.db);
    await readAccessFor(bare, schema, this.collection);
    if (!schema.collections[this.collection]?.schema) throw new Error('collection gone');
  }

  /**
   * An event's message: the same for every member of the group, so its text is made once
   * per batch and `uid`.
   */
  private shared(result: BatchResult, event: ChangeAction, data: () => unknown[]): string {
    const key = `${event}\u0000${this.uid === undefined ? '' : JSON.stringify(this.uid)}`;
    let text = result.texts.get(key);
    if (text === undefined) {
      text = JSON.stringify(this.message(event, data()));
      result.texts.set(key, text);
    }
    return text;
  }

  /** Turns one read of a batch into this subscriber's messages. */
  deliver(result: BatchResult): void {
    if (this.closed) return;
    const { gone, created, updated, pk } = result;
    // Made only by the first member to send it: a group's members share one query.
    const shown = (items: Item[]) => () => stripped(items, pk, withKey(this.query, pk).strip);
    if (gone.length && this.wants('delete')) {
      this.owner.send(this.shared(result, 'delete', () => gone));
    }
    if (created.length && this.wants('create')) {
      this.owner.send(this.shared(result, 'create', shown(created)));
    }
    if (updated.length && this.wants('update')) {
      this.owner.send(this.shared(result, 'update', shown(updated)));
    }
  }

  private wants(event: ChangeAction): boolean {
    return this.event === undefined || this.event === event;
  }
}
