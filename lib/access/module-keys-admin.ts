import 'server-only';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import type { ModuleAccessKeysTable } from '@/lib/core/tables';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import { BUILT_IN_MODULE_KEYS, invalidateModuleKeys, MODULE_KEY_PATTERN } from './module-keys';
import { invalidateAccessCache } from './policies';
import { isUuid } from '@/lib/core/guards';

export type ModuleKeyNode = Selectable<ModuleAccessKeysTable>;

const key = z
  .string()
  .max(255)
  .regex(MODULE_KEY_PATTERN, 'key must match ^[a-z][a-z0-9_:./-]*$')
  .nullable();

export const moduleKeyParams = z.object({ id: z.string() });
export const createModuleKeyBody = z
  .object({
    /** null (or absent) makes a folder: it only groups, it is never toggled on a policy. */
    key: key.optional(),
    name: z.string().min(1).max(255),
    description: z.string().nullable().optional(),
    parent: z.string().nullable().optional(),
    sort: z.number().int().nullable().optional(),
  })
  .strict();
export const updateModuleKeyBody = createModuleKeyBody.partial().strict();
export const moduleKeyResponse = z.object({
  id: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  parent: z.string().nullable(),
  sort: z.number().nullable(),
});

type Ctx = Pick<RequestContext, 'db'>;

async function findNode(db: Db, id: string): Promise<ModuleKeyNode> {
  const row = isUuid(id)
    ? await db
        .selectFrom('daas_module_access_keys')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new NotFoundError('Module access key not found');
  return row;
}

/** Only folders hold children, so every keyed node stays a leaf. */
async function checkParent(db: Db, parent: string, self?: string): Promise<void> {
  const node = isUuid(parent)
    ? await db
        .selectFrom('daas_module_access_keys')
        .select(['id', 'key', 'parent'])
        .where('id', '=', parent)
        .executeTakeFirst()
    : undefined;
  if (!node) throw new InvalidPayloadError('parent does not exist');
  if (node.key !== null) throw new InvalidPayloadError('parent must be a folder (key null)');
  let current: string | null = node.id;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    if (current === self) throw new InvalidPayloadError('A folder cannot move into itself');
    seen.add(current);
    const up = await db
      .selectFrom('daas_module_access_keys')
      .select('parent')
      .where('id', '=', current)
      .executeTakeFirst();
    current = up?.parent ?? null;
  }
}

async function subtree(db: Db, id: string): Promise<ModuleKeyNode[]> {
  const all = await db.selectFrom('daas_module_access_keys').selectAll().execute();
  const found: ModuleKeyNode[] = [];
  let frontier = [id];
  while (frontier.length) {
    const next = all.filter((n) => n.parent && frontier.includes(n.parent));
    found.push(...all.filter((n) => frontier.includes(n.id)));
    frontier = next.map((n) => n.id).filter((n) => !found.some((f) => f.id === n));
  }
  return found;
}

function changed(): void {
  invalidateModuleKeys();
  invalidateAccessCache();
}

export async function listModuleKeys(_input: unknown, ctx: Ctx): Promise<ModuleKeyNode[]> {
  return ctx.db
    .selectFrom('daas_module_access_keys')
    .selectAll()
    .orderBy('sort')
    .orderBy('name')
    .execute();
}

export async function readModuleKey(
  input: { params: { id: string } },
  ctx: Ctx,
): Promise<ModuleKeyNode> {
  return findNode(ctx.db, input.params.id);
}

export async function createModuleKey(
  input: { body: z.infer<typeof createModuleKeyBody> },
  ctx: Ctx,
): Promise<ModuleKeyNode> {
  const { parent, ...rest } = input.body;
  if (parent) await checkParent(ctx.db, parent);
  const created = await ctx.db
    .insertInto('daas_module_access_keys')
    .values({ ...rest, key: rest.key ?? null, parent: parent ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  changed();
  return created;
}

/**
 * A built-in key keeps its key; a folder stays a folder and a key stays a key. A renamed
 * key is renamed in every policy's module_access map too, so grants follow it.
 */
export async function updateModuleKey(
  input: { params: { id: string }; body: z.infer<typeof updateModuleKeyBody> },
  ctx: Ctx,
): Promise<ModuleKeyNode> {
  const current = await findNode(ctx.db, input.params.id);
  const { body } = input;
  const renamed = body.key !== undefined && body.key !== current.key;
  if (renamed && current.key && BUILT_IN_MODULE_KEYS.includes(current.key)) {
    throw new InvalidPayloadError('A built-in module access key cannot be renamed');
  }
  if (renamed && (body.key === null) !== (current.key === null)) {
    throw new InvalidPayloadError('A folder cannot become a key, nor a key a folder');
  }
  if (body.parent) await checkParent(ctx.db, body.parent, current.id);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = Object.keys(body).length
      ? await trx
          .updateTable('daas_module_access_keys')
          .set(body)
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : current;
    if (renamed && current.key && body.key) {
      await trx
        .updateTable('daas_policies')
        .set({
          module_access: sql`(module_access - ${current.key}::text) || jsonb_build_object(${body.key}::text, module_access -> ${current.key}::text)`,
        })
        .where(sql<boolean>`module_access ? ${current.key}::text`)
        .execute();
    }
    return row;
  });
  changed();
  return updated;
}

/** Deletes a node and, for a folder, everything under it; grants of removed keys go too. */
export async function deleteModuleKey(input: { params: { id: string } }, ctx: Ctx): Promise<void> {
  const current = await findNode(ctx.db, input.params.id);
  const nodes = await subtree(ctx.db, current.id);
  const builtIn = nodes.find((n) => n.key && BUILT_IN_MODULE_KEYS.includes(n.key));
  if (builtIn) {
    throw new InvalidPayloadError(`The built-in key "${builtIn.key}" cannot be deleted`);
  }
  const keys = nodes.map((n) => n.key).filter((k): k is string => k !== null);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('daas_module_access_keys').where('id', '=', current.id).execute();
    for (const k of keys) {
      await trx
        .updateTable('daas_policies')
        .set({ module_access: sql`module_access - ${k}::text` })
        .where(sql<boolean>`module_access ? ${k}::text`)
        .execute();
    }
  });
  changed();
}
