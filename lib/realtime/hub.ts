import 'server-only';
import { permissionsFor } from '@/lib/access/permissions';
import { onAccessInvalidated } from '@/lib/access/policies';
import type { BareContext } from '@/lib/core/context';
import { getDb } from '@/lib/db/client';
import {
  ensureChangeTriggers,
  listenForChanges,
  onItemChanges,
  type ItemChange,
} from '@/lib/db/item-changes';
import { readsHooked } from '@/lib/events/emitter';
import { onAnySchemaChange } from '@/lib/schema/notify';
import { getSchema } from '@/lib/schema/overview';
import { ReadGroup } from './group';
import type { Subscription } from './subscription';

/**
 * The process's live subscriptions by collection, fed by every change the process hears
 * (its own API writes, its siblings', and plain SQL through the row-key triggers). Sessions
 * register here; a permission, scope or schema change makes each of them check again.
 */
export interface HubSession {
  /** Re-resolves the caller and re-checks every subscription. */
  revalidate(): Promise<void>;
}

interface HubState {
  /** Per collection, the read groups by key. */
  byCollection: Map<string, Map<string, ReadGroup>>;
  groupOf: WeakMap<Subscription, ReadGroup>;
  sessions: Set<HubSession>;
  started: boolean;
}

const holder = globalThis as typeof globalThis & { __daasRealtimeHub?: HubState };
const state = (holder.__daasRealtimeHub ??= {
  byCollection: new Map(),
  groupOf: new WeakMap(),
  sessions: new Set(),
  started: false,
});

function dispatch(changes: ItemChange[]): void {
  for (const change of changes) {
    for (const group of state.byCollection.get(change.collection)?.values() ?? []) {
      group.offer(change.action, change.keys);
    }
  }
}

let revalidating: Promise<void> | null = null;
let again = false;

/** Coalesces a burst of invalidations into one pass over the sessions. */
function revalidateAll(): void {
  if (revalidating) {
    again = true;
    return;
  }
  revalidating = (async () => {
    do {
      again = false;
      await Promise.all([...state.sessions].map((s) => s.revalidate().catch(() => undefined)));
    } while (again);
  })().finally(() => {
    revalidating = null;
  });
}

function start(): void {
  if (state.started) return;
  state.started = true;
  onItemChanges(dispatch);
  onAccessInvalidated(revalidateAll);
  onAnySchemaChange(revalidateAll);
  void listenForChanges().catch(() => undefined);
}

export function addSession(session: HubSession): void {
  start();
  state.sessions.add(session);
}

export function removeSession(session: HubSession): void {
  state.sessions.delete(session);
}

/**
 * Who decides what a read shows. Callers with the same policies read the same rows and
 * fields unless something in the read names the caller (`$CURRENT_USER`, `$CURRENT_ROLE`…
 * in the query or in a read permission) or a read hook may tell callers apart; only then
 * does the user (and role) split the group. So a thousand subscribers of one role cost one
 * read per batch of changes, not one per user.
 */
async function groupKeyOf(sub: Subscription, ctx: BareContext): Promise<string> {
  const a = ctx.accountability;
  let who: unknown = 'admin';
  if (!a.admin) {
    const permissions = await permissionsFor(ctx.db, a);
    const named = (value: unknown) => JSON.stringify(value ?? null).includes('$CURRENT_');
    const callerBound =
      named(sub.query) ||
      readsHooked(sub.collection) ||
      permissions.rows.some((r) => r.action === 'read' && named(r.permissions));
    who = callerBound ? [a.user, a.role, a.roles, a.policies, a.app] : [a.policies, a.app];
  }
  return JSON.stringify([sub.collection, sub.query, who, ctx.scope ?? null]);
}

function leaveGroup(sub: Subscription): void {
  const group = state.groupOf.get(sub);
  if (!group) return;
  state.groupOf.delete(sub);
  group.members.delete(sub);
  if (group.members.size) return;
  const groups = state.byCollection.get(sub.collection);
  groups?.delete(group.key);
  if (groups && !groups.size) state.byCollection.delete(sub.collection);
}

/** Puts the subscription in the group its caller reads with now; false once it is gone. */
async function place(sub: Subscription): Promise<boolean> {
  const ctx = sub.context();
  if (!ctx) return false;
  const key = await groupKeyOf(sub, ctx);
  if (!sub.context()) return false;
  const current = state.groupOf.get(sub);
  if (current?.key === key) return true;
  leaveGroup(sub);
  const groups = state.byCollection.get(sub.collection) ?? new Map<string, ReadGroup>();
  state.byCollection.set(sub.collection, groups);
  let group = groups.get(key);
  if (!group) {
    group = new ReadGroup(key, sub.collection, sub.query);
    groups.set(key, group);
    group.prime(ctx, await getSchema(ctx.db));
  }
  group.members.add(sub);
  sub.joined(group);
  state.groupOf.set(sub, group);
  return true;
}

/** Registers a subscription and makes sure writes from outside the API reach it too. */
export async function addSubscription(sub: Subscription): Promise<void> {
  start();
  if (!(await place(sub))) return;
  const db = getDb();
  const schema = await getSchema(db);
  const pk = schema.collections[sub.collection]?.primary;
  if (pk) await ensureChangeTriggers(db, sub.collection, pk);
}

/**
 * After the caller was resolved again (a permission, role or policy change), the
 * subscription moves to the group of what its caller reads now: a group reads with one
 * member's context, so a member whose access changed must never stay in its old group.
 */
export async function regroupSubscription(sub: Subscription): Promise<void> {
  await place(sub);
}

export function removeSubscription(sub: Subscription): void {
  sub.close();
  leaveGroup(sub);
}

export function subscriptionCount(): number {
  let n = 0;
  for (const groups of state.byCollection.values()) {
    for (const group of groups.values()) n += group.members.size;
  }
  return n;
}
