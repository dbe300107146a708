import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { keepAnAdmin } from './admins';
import { SystemService, type Item, type Key } from './system-collection';

export const accessFields = z
  .object({
    id: z.uuid(),
    policy: z.uuid().nullable(),
    role: z.uuid().nullable(),
    user: z.uuid().nullable(),
    scope: z.uuid().nullable(),
    sort: z.number().int().nullable(),
  })
  .partial()
  .strict();

export const createAccessBody = z.union([accessFields, z.array(accessFields).min(1)]);

const TARGETS = {
  policy: 'daas_policies',
  role: 'daas_roles',
  user: 'daas_users',
  scope: 'daas_scope_items',
} as const;

/**
 * A policy for a role or for a user (not both), or, without a policy, an extra role for a
 * user; every reference must exist.
 */
async function check(after: Item, ctx: RequestContext, before?: Item): Promise<void> {
  const has = (f: string) => after[f] !== undefined && after[f] !== null;
  if (!has('role') && !has('user')) {
    throw new InvalidPayloadError('An access record needs a role or a user');
  }
  if (has('policy') && has('role') && has('user')) {
    throw new InvalidPayloadError('A policy is given to a role or to a user, not both');
  }
  if (!has('policy') && !(has('role') && has('user'))) {
    throw new InvalidPayloadError('Without a policy, an access record gives a user an extra role');
  }
  for (const [field, table] of Object.entries(TARGETS)) {
    if (!has(field)) continue;
    const row = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('id', '=', String(after[field]))
      .executeTakeFirst();
    if (!row) throw new InvalidPayloadError(`${field} "${String(after[field])}" doesn't exist`);
  }
  if (before) {
    const moved = ['policy', 'role', 'user', 'scope'].some((f) => after[f] !== before[f]);
    if (moved) await keepAnAdmin(ctx.db, { access: [String(before.id)] });
  }
}

async function beforeDelete(keys: Key[], ctx: RequestContext): Promise<void> {
  await keepAnAdmin(ctx.db, { access: keys.map(String) });
}

export const access = new SystemService({
  collection: 'daas_access',
  keyType: 'uuid',
  grantsAccess: true,
  check,
  beforeDelete,
});
