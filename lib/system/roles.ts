import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { invalidField } from '@/lib/core/errors';
import type { ItemsQueryInput } from '@/lib/items/parse';
import { keepAnAdmin } from './admins';
import { SystemService, type Item } from './system-collection';

export const roleFields = z
  .object({
    id: z.uuid(),
    name: z.string().trim().min(1, 'Name is required').max(255),
    icon: z.string().min(1).max(64),
    description: z.string().max(10_000).nullable(),
    parent: z.uuid().nullable(),
  })
  .partial()
  .strict();

export const createRolesBody = z.union([roleFields, z.array(roleFields).min(1)]);

/** The parent must exist and the role must not end up among its own ancestors. */
async function check(after: Item, ctx: RequestContext): Promise<void> {
  if (typeof after.name !== 'string' || !after.name.trim()) {
    throw invalidField('name', 'is required', {
      type: 'required',
      message: 'Field "name" is required',
    });
  }
  let parent = typeof after.parent === 'string' ? after.parent : null;
  const seen = new Set<string>(after.id ? [String(after.id)] : []);
  let first = true;
  while (parent) {
    if (seen.has(parent)) {
      throw invalidField('parent', "can't be the role itself or one of its children", {
        message: "A role can't be its own ancestor",
      });
    }
    seen.add(parent);
    const row = await ctx.db
      .selectFrom('daas_roles')
      .select('parent')
      .where('id', '=', parent)
      .executeTakeFirst();
    if (!row && first) {
      throw invalidField('parent', "doesn't exist", {
        type: 'foreign_key',
        message: `Parent role "${parent}" doesn't exist`,
      });
    }
    first = false;
    parent = row?.parent ?? null;
  }
}

export const roles = new SystemService({
  collection: 'daas_roles',
  keyType: 'uuid',
  grantsAccess: true,
  check,
  beforeDelete: (keys, ctx) => keepAnAdmin(ctx.db, { roles: keys.map(String) }),
});

/** GET /api/roles/me: every role the caller holds at the request's scope, ancestors included. */
export async function myRoles(input: { query: ItemsQueryInput }, ctx: RequestContext) {
  return roles.own(ctx.accountability.roles, input.query, ctx);
}
