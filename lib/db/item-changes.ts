import 'server-only';
import { sql } from 'kysely';
import pg from 'pg';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/core/tables';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { beforeCloseDb, pgliteInstance } from './client';

/**
 * Which items changed, for live subscriptions: the table, the action and the primary keys.
 * Heard three ways, each change once:
 * - writes through the items API of this process, right after their commit (`publish`);
 * - the same from other workers and instances, over the sibling bus (Redis between them);
 * - anything else (SQL in psql, a nested write the API did not announce): row-key triggers
 *   on the subscribed tables send the keys on CHANGE_CHANNEL. They stay quiet for the table
 *   a transaction names in `daas.announced`, as the read cache's trigger does, because that
 *   write is announced by the API with its keys.
 * `keys: null` means "every row may have changed" (TRUNCATE, or notices lost).
 */
export type ChangeAction = 'create' | 'update' | 'delete';
export interface ItemChange {
  collection: string;
  action: ChangeAction;
  keys: (string | number)[] | null;
}

export const CHANGE_CHANNEL = 'daas_changes';
const TOPIC = 'item-changes';
const FUNCTION = 'daas_notify_change';
const TRIGGERS = { i: 'daas_change_i', u: 'daas_change_u', d: 'daas_change_d', t: 'daas_change_t' };

type Listener = (changes: ItemChange[]) => void;
/** Collections whose every row may have changed: notices were lost. */
type LostListener = () => void;

interface FeedState {
  listeners: Set<Listener>;
  lostListeners: Set<LostListener>;
  /** Whether this process hears its siblings' changes already. */
  hearingSiblings: boolean;
  listening: boolean;
  stop?: () => Promise<void>;
  ensured: Set<string>;
}

// Per process, not per module copy: the production server and the app's route handlers are
// bundled apart, and each copy registering its own sibling listener heard every change twice.
const holder = globalThis as typeof globalThis & { __daasItemChanges?: FeedState };
const state = (holder.__daasItemChanges ??= {
  listeners: new Set(),
  lostListeners: new Set(),
  hearingSiblings: false,
  listening: false,
  ensured: new Set(),
});
const lostListeners = state.lostListeners;

function deliver(changes: ItemChange[]): void {
  if (!changes.length) return;
  for (const listener of state.listeners) {
    try {
      listener(changes);
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : err }, 'change listener failed');
    }
  }
}

function isChange(v: unknown): v is ItemChange {
  const c = v as ItemChange;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.collection === 'string' &&
    ['create', 'update', 'delete'].includes(c.action) &&
    (c.keys === null ||
      (Array.isArray(c.keys) &&
        c.keys.every((k) => typeof k === 'string' || typeof k === 'number')))
  );
}

function parseChanges(raw: string | undefined): ItemChange[] | null {
  if (raw === undefined) return null;
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter(isChange) : [];
  } catch {
    return [];
  }
}

if (!state.hearingSiblings) {
  state.hearingSiblings = true;
  onSiblingNotice(TOPIC, (data) => {
    const changes = parseChanges(data);
    if (changes === null) {
      for (const l of lostListeners) l();
      return;
    }
    deliver(changes);
  });
}

/** After a committed API write: this process at once, the other workers and instances too. */
export function publishItemChanges(changes: ItemChange[]): void {
  const list = changes.filter((c) => c.keys === null || c.keys.length);
  if (!list.length || !state.listeners.size) {
    // Nobody here listens, but other processes may.
    if (list.length) tellSiblings(TOPIC, JSON.stringify(list));
    return;
  }
  deliver(list);
  tellSiblings(TOPIC, JSON.stringify(list));
}

export function onItemChanges(listener: Listener, lost?: LostListener): () => void {
  state.listeners.add(listener);
  if (lost) lostListeners.add(lost);
  return () => {
    state.listeners.delete(listener);
    if (lost) lostListeners.delete(lost);
  };
}

interface TriggerPayload {
  t?: unknown;
  a?: unknown;
  k?: unknown;
}

function fromTrigger(payload: string): ItemChange | null {
  let p: TriggerPayload;
  try {
    p = JSON.parse(payload) as TriggerPayload;
  } catch {
    return null;
  }
  const change = { collection: p.t, action: p.a, keys: p.k ?? null };
  return isChange(change) ? change : null;
}

const RETRY_MS = 1_000;

async function listenPg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  let closed = false;
  const lost = () => {
    if (closed) return;
    closed = true;
    state.listening = false;
    for (const l of lostListeners) l();
    client.end().catch(() => undefined);
    const timer = setTimeout(() => {
      if (state.stop === stop) void listenPg(url).catch(() => undefined);
    }, RETRY_MS);
    timer.unref();
  };
  const stop = async () => {
    closed = true;
    await client.end().catch(() => undefined);
  };
  state.stop = stop;
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (n) => {
    const change = n.channel === CHANGE_CHANNEL && n.payload ? fromTrigger(n.payload) : null;
    if (change) deliver([change]);
  });
  try {
    await client.connect();
    await client.query(`listen ${CHANGE_CHANNEL}`);
    state.listening = true;
  } catch {
    lost();
  }
}

/** Starts hearing the row-key triggers, once per process. */
export async function listenForChanges(): Promise<void> {
  if (state.stop) return;
  const url = config().DATABASE_URL;
  if (url) return listenPg(url);
  const lite = pgliteInstance();
  if (!lite) return;
  state.stop = async () => undefined;
  const unlisten = await lite.listen(CHANGE_CHANNEL, (payload) => {
    const change = payload ? fromTrigger(payload) : null;
    if (change) deliver([change]);
  });
  state.stop = unlisten;
  state.listening = true;
}

beforeCloseDb(async () => {
  const stop = state.stop;
  state.stop = undefined;
  state.listening = false;
  state.ensured.clear();
  await stop?.();
});

/**
 * The trigger function: one notice per ~7 kB of keys (a notice carries at most 8,000 bytes),
 * quiet for the table the transaction announces itself.
 */
const FUNCTION_SQL = sql`
  create or replace function daas_notify_change() returns trigger language plpgsql as $$
  declare
    k text;
    keys text := '';
    act text := case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end;
  begin
    if current_setting('daas.announced', true) is not distinct from tg_table_name then
      return null;
    end if;
    -- An announced API write tells its activity entries itself (without keys).
    if tg_table_name = 'daas_activity'
        and coalesce(current_setting('daas.announced', true), '') <> '' then
      return null;
    end if;
    if tg_op = 'TRUNCATE' then
      perform pg_notify('daas_changes', json_build_object('t', tg_table_name, 'a', act, 'k', null)::text);
      return null;
    end if;
    if tg_op = 'DELETE' then
      for k in select (to_jsonb(o) -> tg_argv[0])::text from daas_old o loop
        keys := keys || case when keys = '' then '' else ',' end || k;
        if length(keys) > 7000 then
          perform pg_notify('daas_changes', '{"t":' || to_json(tg_table_name)::text || ',"a":"' || act || '","k":[' || keys || ']}');
          keys := '';
        end if;
      end loop;
    else
      for k in select (to_jsonb(n) -> tg_argv[0])::text from daas_new n loop
        keys := keys || case when keys = '' then '' else ',' end || k;
        if length(keys) > 7000 then
          perform pg_notify('daas_changes', '{"t":' || to_json(tg_table_name)::text || ',"a":"' || act || '","k":[' || keys || ']}');
          keys := '';
        end if;
      end loop;
    end if;
    if keys <> '' then
      perform pg_notify('daas_changes', '{"t":' || to_json(tg_table_name)::text || ',"a":"' || act || '","k":[' || keys || ']}');
    end if;
    return null;
  end $$
`;

async function hasTriggers(db: Db, table: string): Promise<boolean> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = ${TRIGGERS.i} and c.relname = ${table}
      and c.relnamespace = current_schema()::regnamespace
  `.execute(db);
  return (res.rows[0]?.n ?? 0) > 0;
}

/**
 * Puts the row-key triggers on `table` (primary key `pk`) unless present. `table` and `pk`
 * come from the schema overview. A table the service may not alter stays without them:
 * its changes then reach subscribers only when made through the API.
 */
export async function ensureChangeTriggers(db: Db, table: string, pk: string): Promise<void> {
  if (state.ensured.has(table)) return;
  try {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('daas_change_triggers'))`.execute(trx);
      await FUNCTION_SQL.execute(trx);
      if (await hasTriggers(trx, table)) return;
      const t = sql.id(table);
      const fn = sql`${sql.id(FUNCTION)}(${sql.lit(pk)})`;
      await sql`create trigger ${sql.id(TRIGGERS.i)} after insert on ${t} referencing new table as daas_new for each statement execute function ${fn}`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(TRIGGERS.u)} after update on ${t} referencing new table as daas_new for each statement execute function ${fn}`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(TRIGGERS.d)} after delete on ${t} referencing old table as daas_old for each statement execute function ${fn}`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(TRIGGERS.t)} after truncate on ${t} for each statement execute function ${fn}`.execute(
        trx,
      );
    });
    state.ensured.add(table);
  } catch (err) {
    logger.warn(
      { table, err: err instanceof Error ? err.message : String(err) },
      'table without change triggers; only API writes to it reach subscribers',
    );
  }
}
