import 'server-only';
import { z } from 'zod';
import { MODULE_KEY_PATTERN } from '@/lib/access/module-keys';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { SYSTEM_PREFIX } from '@/lib/schema/overview';
import { SystemService, type Item } from '@/lib/system/system-collection';

/**
 * Workflow definitions (states and the commands between them), their assignments to
 * collections, and the instances the automation hook keeps: item-style collections over
 * the query language. Writes are for administrators (the routes say so); instances are
 * written by the server only.
 */

const stateKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');

export const stateSchema = z
  .object({
    key: stateKey,
    name: z.string().min(1).max(255),
    initial: z.boolean().optional(),
    final: z.boolean().optional(),
  })
  .strict();

export const commandSchema = z
  .object({
    key: stateKey,
    name: z.string().min(1).max(255),
    from: z.array(stateKey).min(1),
    to: stateKey,
    policies: z.array(z.uuid()).default([]),
    module_key: z.string().max(255).regex(MODULE_KEY_PATTERN).nullable().optional(),
    set: z.record(z.string().max(64), z.unknown()).nullable().optional(),
  })
  .strict();

export type WorkflowState = z.infer<typeof stateSchema>;
export type WorkflowCommand = z.infer<typeof commandSchema>;

export const definitionFields = z
  .object({
    id: z.uuid(),
    name: z.string().trim().min(1).max(255),
    description: z.string().max(10_000).nullable(),
    states: z.array(stateSchema).max(100),
    commands: z.array(commandSchema).max(200),
  })
  .partial()
  .strict();
export const createDefinitionsBody = z.union([
  definitionFields,
  z.array(definitionFields).min(1).max(100),
]);

function parseJson(raw: unknown): unknown {
  return typeof raw === 'string' ? JSON.parse(raw) : raw;
}

/** The states of a definition and the one new instances start in (the first if none says). */
export function initialState(states: WorkflowState[]): string | null {
  return (states.find((s) => s.initial) ?? states[0])?.key ?? null;
}

/** Stored states and commands, read back into their shapes (defaults filled in). */
export function definitionShape(row: { states: unknown; commands: unknown }) {
  const states = z.array(stateSchema).safeParse(parseJson(row.states));
  const commands = z.array(commandSchema).safeParse(parseJson(row.commands));
  return {
    states: states.success ? states.data : [],
    commands: commands.success ? commands.data : [],
  };
}

async function checkDefinition(after: Item): Promise<void> {
  if (typeof after.name !== 'string' || !after.name.trim()) {
    throw new InvalidPayloadError('Field "name" is required');
  }
  const states = z.array(stateSchema).parse(parseJson(after.states) ?? []);
  const commands = z.array(commandSchema).parse(parseJson(after.commands) ?? []);
  const keys = new Set<string>();
  for (const s of states) {
    if (keys.has(s.key)) throw new InvalidPayloadError(`State "${s.key}" is defined twice`);
    keys.add(s.key);
  }
  if (states.filter((s) => s.initial).length > 1) {
    throw new InvalidPayloadError('Only one state can be initial');
  }
  const commandKeys = new Set<string>();
  for (const c of commands) {
    if (commandKeys.has(c.key))
      throw new InvalidPayloadError(`Command "${c.key}" is defined twice`);
    commandKeys.add(c.key);
    const unknown = [...c.from, c.to].find((s) => !keys.has(s));
    if (unknown) {
      throw new InvalidPayloadError(`Command "${c.key}" names the unknown state "${unknown}"`);
    }
  }
}

export const definitions = new SystemService({
  collection: 'daas_wf_definition',
  keyType: 'uuid',
  check: checkDefinition,
});

export const assignmentFields = z
  .object({
    id: z.uuid(),
    definition: z.uuid(),
    collection: z.string().min(1).max(64),
    filter: z.record(z.string(), z.unknown()).nullable(),
    state_field: z.string().min(1).max(64).nullable(),
    sort: z.number().int().nullable(),
  })
  .partial()
  .strict();
export const createAssignmentsBody = z.union([
  assignmentFields,
  z.array(assignmentFields).min(1).max(100),
]);

async function checkAssignment(after: Item, ctx: RequestContext): Promise<void> {
  if (typeof after.definition !== 'string') {
    throw new InvalidPayloadError('Field "definition" is required');
  }
  const collection = typeof after.collection === 'string' ? after.collection : '';
  const schema = ctx.schema;
  const c = Object.hasOwn(schema.collections, collection)
    ? schema.collections[collection]
    : undefined;
  if (!c || !c.schema || !c.primary || collection.startsWith(SYSTEM_PREFIX)) {
    throw new InvalidPayloadError(`Collection "${collection}" can't follow a workflow`);
  }
  const field = after.state_field;
  if (typeof field === 'string' && !c.fields[field]?.schema) {
    throw new InvalidPayloadError(`Field "${field}" doesn't exist in collection "${collection}"`);
  }
}

export const assignments = new SystemService({
  collection: 'daas_wf_assignment',
  keyType: 'uuid',
  check: checkAssignment,
});

export const instances = new SystemService({
  collection: 'daas_wf_instance',
  keyType: 'uuid',
});
