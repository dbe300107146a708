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
import { WORKFLOW_TABLES } from '@/lib/db/write-notices';
import { writeStamp } from '@/lib/items/read/cache';
import * as read from '@/lib/items/read/service';
import { getSchema, SYSTEM_PREFIX, type SchemaOverview } from '@/lib/schema/overview';
import { definitionShape, initialState } from './definitions';

type Key = string | number;

export interface AssignmentRow {
  id: string;
  definition: string;
  collection: string;
  filter: unknown;
  state_field: string | null;
  states: unknown;
  commands: unknown;
}

// Asked after every create and update of any item: kept until a workflow table is written.
const known = new Map<string, { stamp: string; rows: AssignmentRow[] }>();

/** The assignments of a collection with their definitions, in their sort order. */
export async function assignmentsOf(db: Db, collection: string): Promise<AssignmentRow[]> {
  const stamp = writeStamp(db, WORKFLOW_TABLES);
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
function systemContext(db: Db, schema: SchemaOverview): RequestContext {
  return {
    db,
    schema,
    accountability: { ...anonymous(null, null), admin: true },
    requestId: 'workflow-automation',
  };
}

function asFilter(raw: unknown): Filter | null {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value && typeof value === 'object' && Object.keys(value).length ? (value as Filter) : null;
}

/** The item's state field value as seen through the assignment's filter; absent: no match. */
async function matchedItem(db: Db, a: AssignmentRow, key: Key): Promise<{ field: unknown } | null> {
  const filter = asFilter(a.filter);
  const schema = await getSchema(db);
  const collection = schema.collections[a.collection];
  if (!collection?.primary) return null;
  const stateField = a.state_field && collection.fields[a.state_field] ? a.state_field : null;
  const fields = stateField ? [collection.primary, stateField] : [collection.primary];
  const query = { ...emptyQuery(), fields, filter };
  const [found] = await read.readMany(a.collection, [key], query, systemContext(db, schema), {
    events: false,
  });
  if (!found) return null;
  return { field: stateField ? (found[stateField] ?? null) : null };
}

/**
 * The state an item without an instance is in: the one its state field holds; the initial
 * state when it has no state field or the field is empty; none (null) when the field holds
 * a value the workflow does not know. Never a reason to overwrite what the field holds.
 */
export function startState(a: AssignmentRow, field: unknown): string | null {
  const states = definitionShape(a).states;
  if (field === null || field === undefined) return initialState(states);
  return states.some((s) => s.key === String(field)) ? String(field) : null;
}

/** One assignment as it stands for one item: whether it matches and its instance, if any. */
export interface PendingWorkflow {
  assignment: AssignmentRow;
  instance: { id: string; left_on: unknown; state: string } | null;
  /** Where a new instance starts; null: the item's state field holds no state of the workflow. */
  start: string | null;
  /** The state field is empty, so a new instance's state may be mirrored into it. */
  emptyField: boolean;
}

/** The assignments this item matches, with its instance of each (read only). */
export async function pendingWorkflows(
  db: Db,
  collection: string,
  key: Key,
): Promise<{ matching: PendingWorkflow[]; leaving: { id: string }[] }> {
  const matching: PendingWorkflow[] = [];
  const leaving: { id: string }[] = [];
  if (collection.startsWith(SYSTEM_PREFIX)) return { matching, leaving };
  for (const a of await assignmentsOf(db, collection)) {
    const { rows } = await sql<{ id: string; left_on: unknown; state: string }>`select id,
        left_on, state from daas_wf_instance
      where assignment = ${a.id} and item = ${String(key)}`.execute(db);
    const instance = rows[0] ?? null;
    const item = await matchedItem(db, a, key);
    if (item) {
      const emptyField = item.field === null;
      matching.push({ assignment: a, instance, start: startState(a, item.field), emptyField });
    } else if (instance && instance.left_on === null) {
      leaving.push(instance);
    }
  }
  return { matching, leaving };
}

/**
 * Brings the instances of these items in line with the assignments of their collection:
 * an item that matches an assignment and has no instance gets one in the state its state
 * field holds (the initial state when the field is empty; none when it holds an unknown
 * value); one that no longer matches has `left_on` set; one that matches again has it
 * cleared and keeps its state. With `mirror`, an empty state field receives the new
 * instance's state (a created item takes the initial state); a field that holds a value is
 * never overwritten here: only a command moves it, through the items service.
 */
export async function syncInstances(
  db: Db,
  collection: string,
  keys: Key[],
  options: { mirror: boolean } = { mirror: true },
): Promise<void> {
  if (collection.startsWith(SYSTEM_PREFIX) || !keys.length) return;
  if (!(await assignmentsOf(db, collection)).length) return;
  const schema = await getSchema(db);
  const pk = schema.collections[collection]?.primary;
  if (!pk) return;
  for (const key of keys) {
    const { matching, leaving } = await pendingWorkflows(db, collection, key);
    for (const gone of leaving) {
      await sql`update daas_wf_instance set left_on = now(), updated_on = now()
        where id = ${gone.id}`.execute(db);
    }
    for (const { assignment: a, instance, start, emptyField } of matching) {
      if (instance) {
        if (instance.left_on !== null) {
          await sql`update daas_wf_instance set left_on = null, updated_on = now()
            where id = ${instance.id}`.execute(db);
        }
        continue;
      }
      if (!start) continue;
      const inserted = await sql`insert into daas_wf_instance (assignment, collection, item, state)
        values (${a.id}, ${collection}, ${String(key)}, ${start})
        on conflict (assignment, item) do nothing returning id`.execute(db);
      const field = a.state_field;
      const mirrored = field !== null && Boolean(schema.collections[collection].fields[field]);
      if (inserted.rows.length && options.mirror && emptyField && mirrored) {
        await sql`update ${sql.id(collection)} set ${sql.id(field)} = ${start}
          where ${sql.id(pk)} = ${key} and ${sql.id(field)} is null`.execute(db);
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
