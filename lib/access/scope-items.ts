import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import { invalidateScopeCache, type ScopeItem } from './scope';
import { isUuid } from '@/lib/core/guards';

const SCOPE_URI = /^(\/[a-z0-9][a-z0-9._-]*)+$/;

export const scopeParams = z.object({ id: z.string() });
export const scopeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const createScopeBody = z
  .object({
    uri: z
      .string()
      .max(1024)
      .regex(SCOPE_URI, 'uri must look like /segment or /parent/segment, in lower case'),
    name: z.string().max(255).nullable().optional(),
    parent: z.string().nullable().optional(),
    missing_uri_mode: z.enum(['allow', 'reject']).optional(),
  })
  .strict();
export const updateScopeBody = z
  .object({
    name: z.string().max(255).nullable().optional(),
    missing_uri_mode: z.enum(['allow', 'reject']).optional(),
  })
  .strict();

export const scopeItemResponse = z.object({
  id: z.string(),
  uri: z.string(),
  name: z.string().nullable(),
  parent: z.string().nullable(),
  missing_uri_mode: z.enum(['allow', 'reject']),
});

type Ctx = Pick<RequestContext, 'db'>;

async function findScope(ctx: Ctx, id: string): Promise<ScopeItem> {
  const row = isUuid(id)
    ? await ctx.db
        .selectFrom('daas_scope_items')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new NotFoundError('Scope not found');
  return row;
}

export async function listScopes(
  input: { query: z.infer<typeof scopeListQuery> },
  ctx: Ctx,
): Promise<{ data: unknown[]; meta: { total: number } }> {
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('daas_scope_items')
      .selectAll()
      .orderBy('uri')
      .limit(input.query.limit)
      .offset(input.query.offset)
      .execute(),
    ctx.db
      .selectFrom('daas_scope_items')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows, meta: { total: Number(count.total) } };
}

export async function readScope(input: { params: { id: string } }, ctx: Ctx): Promise<ScopeItem> {
  return findScope(ctx, input.params.id);
}

/**
 * The tree follows the URIs: /acme/shop hangs under /acme, which must exist first. A parent
 * given in the body must be that same item, so the two can never disagree.
 */
export async function createScope(
  input: { body: z.infer<typeof createScopeBody> },
  ctx: Ctx,
): Promise<ScopeItem> {
  const { uri, name, parent, missing_uri_mode } = input.body;
  const parentUri = uri.slice(0, uri.lastIndexOf('/'));
  let parentId: string | null = null;
  if (parentUri) {
    const row = await ctx.db
      .selectFrom('daas_scope_items')
      .select('id')
      .where('uri', '=', parentUri)
      .executeTakeFirst();
    if (!row) throw new InvalidPayloadError(`Parent scope "${parentUri}" does not exist`);
    parentId = row.id;
  }
  if (parent !== undefined && parent !== parentId) {
    throw new InvalidPayloadError(`parent must be the scope of "${parentUri || '/'}"`);
  }
  const created = await ctx.db
    .insertInto('daas_scope_items')
    .values({ uri, name: name ?? null, parent: parentId, missing_uri_mode })
    .returningAll()
    .executeTakeFirstOrThrow();
  invalidateScopeCache();
  return created;
}

export async function updateScope(
  input: { params: { id: string }; body: z.infer<typeof updateScopeBody> },
  ctx: Ctx,
): Promise<ScopeItem> {
  const current = await findScope(ctx, input.params.id);
  if (!Object.keys(input.body).length) return current;
  const updated = await ctx.db
    .updateTable('daas_scope_items')
    .set(input.body)
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  invalidateScopeCache();
  return updated;
}

/** Deletes the scope with every descendant and every access record granted at them. */
export async function deleteScope(input: { params: { id: string } }, ctx: Ctx): Promise<void> {
  const current = await findScope(ctx, input.params.id);
  await ctx.db.deleteFrom('daas_scope_items').where('id', '=', current.id).execute();
  invalidateScopeCache();
}
