import 'server-only';
import { z } from 'zod';
import { passwordSchema } from '@/lib/auth/password-reset';
import { hashPassword } from '@/lib/core/passwords';
import { endUserSessions } from '@/lib/auth/sessions';
import type { Accountability } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, invalidField } from '@/lib/core/errors';
import { permissionOf } from '@/lib/items/access';

import { keepAnAdmin } from './admins';
import { SystemService, uniqueError, type Item, type Key } from './system-collection';

const text = (max: number) => z.string().max(max).nullable();

/**
 * The writable fields of a user. `last_access` is the service's to set, so it is refused
 * as unknown; `tfa_secret` may only be cleared (an administrator resetting a lost factor).
 */
export const userFields = z
  .object({
    id: z.uuid(),
    first_name: text(50),
    last_name: text(50),
    email: z.email().max(128).nullable(),
    password: passwordSchema.nullable(),
    location: text(255),
    title: text(50),
    description: z.string().max(10_000).nullable(),
    tags: z.array(z.string().max(255)).nullable(),
    avatar: z.uuid().nullable(),
    language: text(255),
    status: z.enum(['active', 'invited', 'draft', 'suspended', 'archived']),
    role: z.uuid().nullable(),
    // URL-safe characters only, so a static token can never be mistaken for a signed one.
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,255}$/, 'Token must be 16 to 255 letters, digits, "-" or "_"')
      .nullable(),
    tfa_secret: z.null(),
    last_page: text(255),
    provider: z.string().min(1).max(128),
    external_identifier: text(255),
    appearance: z.enum(['auto', 'light', 'dark']).nullable(),
    email_notifications: z.boolean(),
  })
  .partial()
  .strict();

export const createUsersBody = z.union([userFields, z.array(userFields).min(1)]);

/** Callers (by their accountability) who proved their current password in this request. */
const reauthenticated = new WeakSet<Accountability>();

/** The context of a request whose caller has just given their current password. */
export function withCurrentPassword(ctx: RequestContext): RequestContext {
  const accountability = { ...ctx.accountability };
  reauthenticated.add(accountability);
  return { ...ctx, accountability };
}

/**
 * A static token is a credential that outlives sessions and password changes, so setting
 * one takes a permission that names `token` itself: `*` is not enough. Administrators may.
 */
async function mayWriteToken(ctx: RequestContext, mode: 'create' | 'update') {
  if (ctx.accountability.admin) return;
  const permission = await permissionOf(ctx, ctx.schema, 'daas_users', mode);
  if (!permission?.rows.some((row) => (row.fields ?? []).includes('token'))) {
    throw new ForbiddenError(
      'Setting a static token needs a permission that lists the "token" field explicitly',
    );
  }
}

async function input(data: Item, ctx: RequestContext, mode: 'create' | 'update'): Promise<Item> {
  const out = { ...data };
  // A held session must not be enough to drop the second factor: whatever the field
  // permissions say, only an administrator resets a lost one; the user disables their own
  // through /users/me/tfa/disable with a valid code.
  if ('tfa_secret' in out && !ctx.accountability.admin) {
    throw new ForbiddenError(
      'Only an administrator may remove a second factor; disable your own with a code',
    );
  }
  if (typeof out.token === 'string') await mayWriteToken(ctx, mode);
  if (typeof out.email === 'string') out.email = out.email.toLowerCase();
  if (typeof out.password === 'string') out.password = await hashPassword(out.password);
  return out;
}

/**
 * Someone holding a user's session must not take the account over: a non-administrator
 * changes their own email or password only through /users/me, with the current password.
 */
function guardOwnCredentials(after: Item, ctx: RequestContext, before: Item) {
  const { user, admin } = ctx.accountability;
  if (admin || before.id !== user || reauthenticated.has(ctx.accountability)) return;
  if (after.email !== before.email || after.password !== before.password) {
    const field = after.email !== before.email ? 'email' : 'password';
    throw invalidField(field, 'changes only through /users/me with "current_password"', {
      message: 'Change your own email or password through /users/me with "current_password"',
    });
  }
}

/** Emails are unique whatever their case; answered before the write so the 409 names the field. */
async function check(after: Item, ctx: RequestContext, before?: Item): Promise<void> {
  if (before) guardOwnCredentials(after, ctx, before);
  if (typeof after.email === 'string' && after.email !== before?.email) {
    const clash = await ctx.db
      .selectFrom('daas_users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', (after.email as string).toLowerCase()))
      .$if(Boolean(before), (q) => q.where('id', '!=', String(before?.id)))
      .executeTakeFirst();
    if (clash) throw uniqueError('email');
  }
  if (typeof after.role === 'string' && after.role !== before?.role) {
    const role = await ctx.db
      .selectFrom('daas_roles')
      .select('id')
      .where('id', '=', after.role)
      .executeTakeFirst();
    if (!role) {
      throw invalidField('role', "doesn't exist", {
        type: 'foreign_key',
        message: `Role "${after.role}" doesn't exist`,
      });
    }
  }
  const demoted = before && (after.role !== before.role || after.status !== 'active');
  if (demoted && before.status === 'active')
    await keepAnAdmin(ctx.db, { users: [String(before.id)] });
}

/**
 * A new password, or a status that may not sign in, ends the user's sessions at once (their
 * refresh tokens, and the access tokens issued for them). An administrator changing their
 * own password keeps the session they made the change from, as `/users/me` does.
 */
async function endSessionsOnChange(keys: Key[], change: Item, ctx: RequestContext) {
  const statusEnds = typeof change.status === 'string' && change.status !== 'active';
  if (!('password' in change) && !statusEnds) return;
  const { user, session } = ctx.accountability;
  for (const key of keys) {
    const keep = key === user && !statusEnds ? session : null;
    await endUserSessions(ctx.db, String(key), keep);
  }
}

export const users = new SystemService({
  collection: 'daas_users',
  keyType: 'uuid',
  // A user's role decides their policies.
  grantsAccess: true,
  input,
  check,
  afterUpdate: endSessionsOnChange,
  beforeDelete: (keys, ctx) => keepAnAdmin(ctx.db, { users: keys.map(String) }),
  unique: { daas_users_email_lower: 'email', daas_users_token_key: 'token' },
});
