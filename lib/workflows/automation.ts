import 'server-only';
import { sql } from 'kysely';
import { anonymous } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import { logger } from '@/lib/core/logger';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { emitter, type HookMeta } from '@/lib/events/emitter';
import { emptyQuery } from '@/lib/items/parse';
import type { Filter } from '@/lib/items/query';
import { writeStamp } from '@/lib/items/read/cache';
import * as read from '@/lib/items/read/service';
import { getSchema, SYSTEM_PREFIX } from '@/lib/schema/overview';
import { definitionShape, initialState } from './definitions';

type Key = string | number;

interface AssignmentRow {
  id: string;
  definition: string;
  collection: string;
  filter: unknown;
  state_field: string | null;
  states: unknown;
  commands: unknown;
}

const WORKFLOW_TABLES = ['daas_wf_assignment', 'daas_wf_definition'];
// Asked after every create and update of any item: kept until a workflow table is written.
const known = new Map<string, { stamp: string; rows: AssignmentRow[] }>();

/** The assignments of a collection with their definitions, in their sort order. */
export async function assignmentsOf(db: Db, collection: string): Promise<AssignmentRow[]> {
  const stamp = db.isTransaction ? null : writeStamp(WORKFLOW_TABLES);
  const hit = known.get(collection);
  if (stamp !== null && hit?.stamp === stamp) return hit.rows;
  const rows = await loadAssignments(db, collection);
  if (stamp !== null) known.set(collection, { stamp, rows });
  return rows;
}

async function loadAssignments(db: Db, collection: string): Promise<AssignmentRow[]> {
  const { rows } = await sql<AssignmentRow>`select a.id, a.definition, a.collection, a.filter,
      a.state_field, d.states, d.commands
    from daas_wf_assignment a join daas_wf_definition d on d.id = a.definition
    where a.collection = ${collection} order by a.sort nulls last, a.id`.execute(db);
  return rows;
}

/** Server-side work: reads every row, as no user. */
function systemContext(db: Db): RequestContext {
  return {
    db,
    accountability: { ...anonymous(null, null), admin: true },
    requestId: 'workflow-automation',
  };
}

function asFilter(raw: unknown): Filter | null {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value && typeof value === 'object' && Object.keys(value).length ? (value as Filter) : null;
}

async function matches(db: Db, a: AssignmentRow, key: Key): Promise<boolean> {
  const filter = asFilter(a.filter);
  const schema = await getSchema(db);
  const pk = schema.collections[a.collection]?.primary;
  if (!pk) return false;
  const query = { ...emptyQuery(), fields: [pk], filter };
  const found = await read.readMany(a.collection, [key], query, systemContext(db), {
    events: false,
  });
  return found.length > 0;
}

/**
 * Brings the instances of these items in line with the assignments of their collection:
 * an item that matches an assignment and has no instance gets one in the initial state
 * (mirrored into the state field, if any); one that no longer matches has `left_on` set;
 * one that matches again has it cleared and keeps its state.
 */
export async function syncInstances(db: Db, collection: string, keys: Key[]): Promise<void> {
  if (collection.startsWith(SYSTEM_PREFIX) || !keys.length) return;
  const list = await assignmentsOf(db, collection);
  if (!list.length) return;
  const schema = await getSchema(db);
  const pk = schema.collections[collection]?.primary;
  if (!pk) return;
  for (const key of keys) {
    for (const a of list) {
      const item = String(key);
      const { rows } = await sql<{
        id: string;
        left_on: unknown;
      }>`select id, left_on from daas_wf_instance where assignment = ${a.id} and item = ${item}`.execute(
        db,
      );
      const existing = rows[0];
      if (await matches(db, a, key)) {
        if (existing) {
          if (existing.left_on !== null) {
            await sql`update daas_wf_instance set left_on = null, updated_on = now()
              where id = ${existing.id}`.execute(db);
          }
          continue;
        }
        const state = initialState(definitionShape(a).states);
        if (!state) continue;
        const inserted =
          await sql`insert into daas_wf_instance (assignment, collection, item, state)
          values (${a.id}, ${collection}, ${item}, ${state})
          on conflict (assignment, item) do nothing returning id`.execute(db);
        if (
          inserted.rows.length &&
          a.state_field &&
          schema.collections[collection].fields[a.state_field]
        ) {
          await sql`update ${sql.id(collection)} set ${sql.id(a.state_field)} = ${state}
            where ${sql.id(pk)} = ${key}`.execute(db);
        }
      } else if (existing && existing.left_on === null) {
        await sql`update daas_wf_instance set left_on = now(), updated_on = now()
          where id = ${existing.id}`.execute(db);
      }
    }
  }
}

function keysOf(meta: HookMeta): Key[] {
  const raw = meta.keys ?? (meta.key === undefined ? [] : [meta.key]);
  return (raw as unknown[]).filter((k): k is Key => typeof k === 'string' || typeof k === 'number');
}

const holder = globalThis as typeof globalThis & { __daasWorkflowAutomation?: boolean };

/** The built-in action hook: every item created or updated is checked against the assignments. */
export function registerWorkflowAutomation(): void {
  if (holder.__daasWorkflowAutomation) return;
  holder.__daasWorkflowAutomation = true;
  const run = (meta: HookMeta) => {
    const collection = meta.collection;
    if (typeof collection !== 'string') return;
    return syncInstances(getDb(), collection, keysOf(meta)).catch((err: unknown) =>
      logger.error(
        { collection, err: err instanceof Error ? err.message : String(err) },
        'workflow automation failed',
      ),
    );
  };
  emitter().onAction('items.create', run);
  emitter().onAction('items.update', run);
}
