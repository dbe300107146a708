import 'server-only';
import { z } from 'zod';
import { ipAllowed, isIpAccessEntry } from '@/lib/access/ip-access';
import { validateModuleAccess } from '@/lib/access/module-keys';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import type { ItemsQueryInput } from '@/lib/items/parse';
import { keepAnAdmin } from './admins';
import { SystemService, type Item, type Key } from './system-collection';

export const policyFields = z
  .object({
    id: z.uuid(),
    name: z.string().trim().min(1, 'Name is required').max(255),
    icon: z.string().min(1).max(64),
    description: z.string().max(10_000).nullable(),
    ip_access: z.array(z.string().min(1).max(64)).nullable(),
    enforce_tfa: z.boolean(),
    admin_access: z.boolean(),
    app_access: z.boolean(),
    delegate_access: z.boolean(),
    // Only the built-in public policy carries the marker; accepted so a read-back can be sent.
    public: z.boolean(),
    module_access: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();

export const createPoliciesBody = z.union([policyFields, z.array(policyFields).min(1)]);

async function input(data: Item, ctx: RequestContext): Promise<Item> {
  if (Array.isArray(data.ip_access)) {
    const wrong = (data.ip_access as string[]).find((entry) => !isIpAccessEntry(entry));
    if (wrong !== undefined) {
      throw new InvalidPayloadError(
        `"ip_access" entries must be IP addresses or CIDR ranges; "${wrong}" is neither`,
      );
    }
  }
  if (data.module_access === undefined) return data;
  return { ...data, module_access: await validateModuleAccess(ctx.db, data.module_access) };
}

async function check(after: Item, ctx: RequestContext, before?: Item): Promise<void> {
  if (typeof after.name !== 'string' || !after.name.trim()) {
    throw new InvalidPayloadError('Field "name" is required');
  }
  if (Boolean(after.public) !== Boolean(before?.public)) {
    throw new InvalidPayloadError(
      'Only the built-in public policy is public; "public" can\'t be changed',
    );
  }
  if (after.public && after.admin_access) {
    throw new InvalidPayloadError("The public policy can't have admin access");
  }
  if (before?.admin_access && !after.admin_access) {
    await keepAnAdmin(ctx.db, { policies: [String(before.id)] });
  } else if (before?.admin_access && !ipAllowed(after.ip_access, ctx.accountability.ip)) {
    // An address list that leaves out the very address this change comes from may well
    // leave out every administrator's: it counts as losing the policy, so some other
    // administrator must remain.
    await keepAnAdmin(ctx.db, { policies: [String(before.id)] });
  }
}

async function beforeDelete(keys: Key[], ctx: RequestContext): Promise<void> {
  const ids = keys.map(String);
  const pub = await ctx.db
    .selectFrom('daas_policies')
    .select('id')
    .where('id', 'in', ids)
    .where('public', '=', true)
    .executeTakeFirst();
  if (pub) throw new InvalidPayloadError("The built-in public policy can't be deleted");
  await keepAnAdmin(ctx.db, { policies: ids });
}

export const policies = new SystemService({
  collection: 'daas_policies',
  keyType: 'uuid',
  grantsAccess: true,
  input,
  check,
  beforeDelete,
});

/** GET /api/policies/me: the policies in effect for the caller at the request's scope. */
export async function myPolicies(input: { query: ItemsQueryInput }, ctx: RequestContext) {
  return policies.own(ctx.accountability.policies, input.query, ctx);
}
