import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import { hasModuleKey } from '@/lib/access/module-keys';
import { flatPolicies } from '@/lib/access/permissions-me';
import { actorOf } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import {
  ForbiddenError,
  InvalidPayloadError,
  InvalidTransitionError,
  NotFoundError,
} from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { emitter } from '@/lib/events/emitter';
import { readAccessFor } from '@/lib/items/access';
import { emptyQuery } from '@/lib/items/parse';
import * as read from '@/lib/items/read/service';
import * as write from '@/lib/items/write/service';
import { activitySource } from '@/lib/core/activity-source';

import { assignmentsOf, pendingWorkflows, syncInstances } from './automation';
import { definitionShape, type WorkflowCommand, type WorkflowState } from './definitions';

export const transitionBody = z
  .object({
    collection: z.string().min(1).max(64),
    item: z.union([z.string().min(1).max(255), z.number()]),
    command: z.string().min(1).max(64),
    comment: z.string().max(10_000).nullable().optional(),
  })
  .strict();

export const TRANSITION_EVENT = 'workflow.transition';

interface InstanceRow {
  id: string;
  assignment: string;
  collection: string;
  item: string;
  state: string;
  updated_on: unknown;
  definition: string;
  state_field: string | null;
  states: unknown;
  commands: unknown;
}

/** The item's current instances (those whose item still matches), in assignment order. */
async function activeInstances(db: Db, collection: string, item: string) {
  const { rows } = await sql<InstanceRow>`select i.id, i.assignment, i.collection, i.item,
      i.state, i.updated_on, a.definition, a.state_field, d.states, d.commands
    from daas_wf_instance i
    join daas_wf_assignment a on a.id = i.assignment
    join daas_wf_definition d on d.id = a.definition
    where i.collection = ${collection} and i.item = ${item} and i.left_on is null
    order by a.sort nulls last, a.id`.execute(db);
  return rows;
}

/**
 * Whether the caller may run the command: an administrator may; anyone else needs one of
 * the command's policies (none listed: anyone who may update the item, which the item write
 * checks) and its module key. `policies` are the caller's at the request's scope (ancestor
 * matched), or at every scope when the request named none.
 */
async function mayRun(
  ctx: RequestContext,
  command: WorkflowCommand,
  flat: boolean,
): Promise<boolean> {
  const who = ctx.accountability;
  if (who.admin) return true;
  const policies = flat ? await flatPolicies(ctx.db, who) : who.policies;
  if (command.policies.length && !command.policies.some((p) => policies.includes(p))) {
    return false;
  }
  if (command.module_key) {
    return hasModuleKey(ctx.db, { admin: false, policies }, command.module_key);
  }
  return true;
}

/** The commands of the item's workflows and whether the caller may run each now. */
export interface ItemWorkflow {
  /** Null until the item's first command (or a write under the assignment) creates it. */
  instance: string | null;
  assignment: string;
  definition: string;
  /** The item field that mirrors the state (null: the workflow keeps it to itself). */
  state_field: string | null;
  /** Null: the item's state field holds a value the workflow does not know. */
  state: string | null;
  states: WorkflowState[];
  commands: (WorkflowCommand & { allowed: boolean })[];
}

/** The item as the caller may read it (404 when absent or hidden) and its key. */
async function readableItem(ctx: RequestContext, collection: string, raw: string | number) {
  const schema = ctx.schema;
  const readAccess = await readAccessFor(ctx, schema, collection);
  const pk = schema.collections[collection]?.primary;
  if (!pk) throw new NotFoundError('Item not found');
  const query = { ...emptyQuery(), fields: [pk] };
  const [item] = await read.readMany(collection, [raw], query, ctx, { readAccess, events: false });
  if (!item) throw new NotFoundError('Item not found');
  return item[pk] as string | number;
}

/**
 * The item's instances for a command. An item that matches an assignment but has no
 * instance yet (items that existed before the assignment) gets one now, in the state its
 * state field holds: the command then moves it from there, through the items service.
 */
async function instancesOf(ctx: RequestContext, collection: string, key: string | number) {
  let rows = await activeInstances(ctx.db, collection, String(key));
  if (!rows.length) {
    await syncInstances(ctx.db, collection, [key], { mirror: false });
    rows = await activeInstances(ctx.db, collection, String(key));
  }
  return rows;
}

/** What GET shows for one workflow, whether its instance exists yet or not. */
interface Shown {
  instance: string | null;
  assignment: string;
  definition: string;
  state: string | null;
  states: unknown;
  commands: unknown;
}

/**
 * The item's workflows without writing anything: its active instances, and for each
 * assignment it matches without one (items that existed before the assignment, or whose
 * hook has not run yet) the state a command would start from.
 */
async function shownWorkflows(ctx: RequestContext, collection: string, key: string | number) {
  const active = await activeInstances(ctx.db, collection, String(key));
  const shown: Shown[] = active.map((r) => ({ ...r, instance: r.id }));
  const { matching } = await pendingWorkflows(ctx.db, collection, key);
  for (const p of matching) {
    if (active.some((r) => r.assignment === p.assignment.id)) continue;
    shown.push({
      instance: p.instance?.id ?? null,
      assignment: p.assignment.id,
      definition: p.assignment.definition,
      state: p.instance?.state ?? p.start,
      states: p.assignment.states,
      commands: p.assignment.commands,
    });
  }
  const assignments = await assignmentsOf(ctx.db, collection);
  const order = assignments.map((a) => a.id);
  const stateFields = new Map(assignments.map((a) => [a.id, a.state_field]));
  return shown
    .sort((a, b) => order.indexOf(a.assignment) - order.indexOf(b.assignment))
    .map((r) => ({ ...r, state_field: stateFields.get(r.assignment) ?? null }));
}

/** GET /api/workflow/state: the item's workflows, with the commands the caller may run. */
export async function itemWorkflows(
  input: { collection: string; item: string; flat: boolean },
  ctx: RequestContext,
): Promise<ItemWorkflow[]> {
  const key = await readableItem(ctx, input.collection, input.item);
  const out: ItemWorkflow[] = [];
  for (const r of await shownWorkflows(ctx, input.collection, key)) {
    const shape = definitionShape(r);
    const commands = [];
    for (const c of shape.commands) {
      const from = r.state !== null && c.from.includes(r.state);
      commands.push({ ...c, allowed: from && (await mayRun(ctx, c, input.flat)) });
    }
    out.push({
      instance: r.instance,
      assignment: r.assignment,
      definition: r.definition,
      state_field: r.state_field,
      state: r.state,
      states: shape.states,
      commands,
    });
  }
  return out;
}

/**
 * POST /api/workflow/transition. The item must be readable (404 otherwise); the command is
 * looked up in the item's workflows (400 when none has it); without its policy or module
 * key 403; from a state not in `from` 409. The command's `set` and the state field are
 * written through the items service as the caller (permissions, validation, hooks,
 * revisions) in one transaction with the instance move and the activity entry; the action
 * `workflow.transition` follows the commit.
 */
export async function transition(
  input: { body: z.infer<typeof transitionBody>; flat: boolean; origin?: string | null },
  ctx: RequestContext,
) {
  const { collection, command: commandKey, comment } = input.body;
  const key = await readableItem(ctx, collection, input.body.item);
  const rows = await instancesOf(ctx, collection, key);
  if (!rows.length) throw new NotFoundError('The item follows no workflow');
  let instance: InstanceRow | undefined;
  let command: WorkflowCommand | undefined;
  for (const r of rows) {
    command = definitionShape(r).commands.find((c) => c.key === commandKey);
    if (command) {
      instance = r;
      break;
    }
  }
  if (!instance || !command) {
    throw new InvalidPayloadError(`Unknown command "${commandKey}" for this item`);
  }
  if (!(await mayRun(ctx, command, input.flat))) throw new ForbiddenError();
  if (!command.from.includes(instance.state)) throw new InvalidTransitionError();
  const from = instance.state;
  const to = command.to;
  const payload: Record<string, unknown> = { ...(command.set ?? {}) };
  if (instance.state_field) payload[instance.state_field] = to;
  const chosen = instance;
  const before = async (db: Db) => {
    const { rows: locked } = await sql<{
      state: string;
    }>`select state from daas_wf_instance where id = ${chosen.id} for update`.execute(db);
    if (!locked.length || !command.from.includes(locked[0].state)) {
      throw new InvalidTransitionError();
    }
  };
  const after = async (db: Db) => {
    await sql`update daas_wf_instance set state = ${to}, updated_on = now()
      where id = ${chosen.id}`.execute(db);
    const who = ctx.accountability;
    const source = activitySource(who, input.origin ?? ctx.origin);
    await db
      .insertInto('daas_activity')
      .values({
        action: TRANSITION_EVENT,
        user: actorOf(who),
        ...source,
        collection,
        item: String(key),
        comment: comment ?? `${commandKey}: ${from} → ${to}`,
      })
      .execute();
  };
  await write.updateOne(collection, key, payload, ctx, { before, after });
  const meta = {
    definition: chosen.definition,
    assignment: chosen.assignment,
    instance: chosen.id,
    collection,
    item: key,
    command: commandKey,
    from,
    to,
  };
  const schema = ctx.schema;
  emitter().emitAction(TRANSITION_EVENT, meta, {
    schema,
    accountability: ctx.accountability,
    resourceUri: ctx.scope,
  });
  const { rows: done } = await sql`select id, assignment, collection, item, state, updated_on
    from daas_wf_instance where id = ${chosen.id}`.execute(ctx.db);
  return { ...(done[0] as object), from, to, command: commandKey };
}
