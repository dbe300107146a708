import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { AppError, invalidField } from '@/lib/core/errors';
import { compileFilter } from '@/lib/items/filter';
import { normalizeFilter } from '@/lib/items/parse';
import { SYSTEM_PREFIX, type SchemaOverview } from '@/lib/schema/overview';
import { SystemService, type Item } from './system-collection';

const filterObject = z.record(z.string(), z.unknown()).nullable();

export const permissionFields = z
  .object({
    id: z.number().int().positive(),
    policy: z.uuid(),
    collection: z.string().min(1).max(64),
    action: z.enum(['create', 'read', 'update', 'delete', 'share']),
    fields: z.array(z.string().min(1).max(64)).nullable(),
    permissions: filterObject,
    validation: filterObject,
    presets: filterObject,
  })
  .partial()
  .strict();

export const createPermissionsBody = z.union([permissionFields, z.array(permissionFields).min(1)]);

/** Compiling is the check: unknown fields, operators and relations fail as they would on use. */
function checkFilter(
  schema: SchemaOverview,
  ctx: RequestContext,
  input: { collection: string; name: string; value: unknown },
): void {
  if (input.value === null || input.value === undefined) return;
  try {
    const filter = normalizeFilter(input.name, input.value);
    compileFilter(filter, {
      schema,
      collection: input.collection,
      alias: 'p',
      accountability: ctx.accountability,
    });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      throw invalidField(input.name, `is not a valid filter: ${err.message}`, {
        message: `Invalid "${input.name}" filter: ${err.message}`,
      });
    }
    throw err;
  }
}

async function check(after: Item, ctx: RequestContext): Promise<void> {
  for (const f of ['policy', 'collection', 'action'] as const) {
    if (after[f] === undefined || after[f] === null) {
      throw invalidField(f, 'is required', {
        type: 'required',
        message: `Field "${f}" is required`,
      });
    }
  }
  const policy = await ctx.db
    .selectFrom('daas_policies')
    .select('id')
    .where('id', '=', String(after.policy))
    .executeTakeFirst();
  if (!policy) {
    throw invalidField('policy', "doesn't exist", {
      type: 'foreign_key',
      message: `Policy "${after.policy}" doesn't exist`,
    });
  }
  const name = String(after.collection);
  const schema = ctx.schema;
  const c = Object.hasOwn(schema.collections, name) ? schema.collections[name] : undefined;
  if (!c) {
    // A system collection without a table of its own (served by an endpoint) is still valid.
    if (name.startsWith(SYSTEM_PREFIX) && /^[a-z0-9_]+$/.test(name)) return;
    throw invalidField('collection', "doesn't exist", {
      type: 'foreign_key',
      message: `Collection "${name}" doesn't exist`,
    });
  }
  const fields = after.fields;
  if (Array.isArray(fields)) {
    for (const f of fields) {
      if (f === '*') continue;
      if (typeof f !== 'string' || !Object.hasOwn(c.fields, f)) {
        throw invalidField('fields', `names a field that doesn't exist: ${String(f)}`, {
          message: `Field "${String(f)}" doesn't exist in collection "${name}"`,
        });
      }
    }
  }
  checkFilter(schema, ctx, { collection: name, name: 'permissions', value: after.permissions });
  checkFilter(schema, ctx, { collection: name, name: 'validation', value: after.validation });
  const presets = after.presets;
  if (presets && typeof presets === 'object') {
    for (const f of Object.keys(presets)) {
      if (!Object.hasOwn(c.fields, f)) {
        throw invalidField('presets', `names a field that doesn't exist: ${f}`, {
          message: `Preset field "${f}" doesn't exist in collection "${name}"`,
        });
      }
    }
  }
}

export const permissions = new SystemService({
  collection: 'daas_permissions',
  keyType: 'integer',
  grantsAccess: true,
  check,
});
