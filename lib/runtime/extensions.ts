import 'server-only';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { invalidField, NotFoundError } from '@/lib/core/errors';
import { SystemService, type Item } from '@/lib/system/system-collection';
import { reloadHooks } from './hooks';
import { checkSource } from './sandbox';
import { runtimeDb } from './tables';

/** Stored source is capped: it is compiled into an isolate on every call. */
const MAX_SOURCE = 512 * 1024;

export const extensionFields = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'Lower-case letters, digits and dashes, starting with a letter')
      .max(255),
    type: z.enum(['hook', 'endpoint', 'operation', 'service']),
    source: z.string().min(1).max(MAX_SOURCE),
    enabled: z.boolean(),
    run_as: z.uuid().nullable(),
    options: z.record(z.string(), z.unknown()).nullable(),
  })
  .partial()
  .strict();

export const createExtensionsBody = z.union([extensionFields, z.array(extensionFields).min(1)]);

/** A syntax error is refused on save (400) rather than failing every later call. */
async function input(data: Item, _ctx: RequestContext, mode: 'create' | 'update') {
  if (typeof data.source === 'string') {
    const error = await checkSource(data.source);
    if (error) throw invalidField('source', `does not compile: ${error}`, { type: 'compile' });
  }
  if (mode === 'create') return data;
  return {
    ...data,
    date_updated: new Date().toISOString(),
    ...('source' in data ? { last_error: null, last_error_at: null } : {}),
  };
}

async function check(after: Item): Promise<void> {
  for (const field of ['name', 'type', 'source']) {
    if (typeof after[field] !== 'string' || !after[field]) {
      throw invalidField(field, 'is required', {
        type: 'required',
        message: `Field "${field}" is required`,
      });
    }
  }
}

/** Every change reaches the hooks of this process and, through the bus, of every other. */
class ExtensionsCollection extends SystemService {
  override async create(...args: Parameters<SystemService['create']>) {
    const out = await super.create(...args);
    await reloadHooks(args[1].db, true);
    return out;
  }
  override async update(...args: Parameters<SystemService['update']>) {
    const out = await super.update(...args);
    await reloadHooks(args[1].db, true);
    return out;
  }
  override async updateBatch(...args: Parameters<SystemService['updateBatch']>) {
    const out = await super.updateBatch(...args);
    await reloadHooks(args[1].db, true);
    return out;
  }
  override async remove(...args: Parameters<SystemService['remove']>) {
    await super.remove(...args);
    await reloadHooks(args[1].db, true);
  }
  override async removeBatch(...args: Parameters<SystemService['removeBatch']>) {
    await super.removeBatch(...args);
    await reloadHooks(args[1].db, true);
  }
}

export const extensions = new ExtensionsCollection({
  collection: 'daas_extensions',
  keyType: 'uuid',
  input,
  check,
  unique: { daas_extensions_name_key: 'name' },
});

/** `POST /api/extensions/:id/activate|deactivate`. */
export async function setEnabled(id: string, enabled: boolean, ctx: RequestContext) {
  const row = await runtimeDb(ctx.db)
    .updateTable('daas_extensions')
    .set({ enabled, date_updated: sql<Date>`now()` })
    .where('id', '=', /^[0-9a-f-]{36}$/i.test(id) ? id : '00000000-0000-0000-0000-000000000000')
    .returning(['id'])
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Extension not found');
  await reloadHooks(ctx.db, true);
  return extensions.readOne({ params: { id }, query: {} }, ctx);
}
