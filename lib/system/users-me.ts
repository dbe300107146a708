import 'server-only';
import { z } from 'zod';
import { verifyPassword } from '@/lib/core/passwords';
import { passwordSchema } from '@/lib/auth/password-reset';
import { limitAttempt } from '@/lib/rate-limit';
import { hasAppAccessAnywhere } from '@/lib/access/held-scopes';
import { allowsField } from '@/lib/access/permissions';
import { permissionOf } from '@/lib/items/access';

import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  ForbiddenError,
  InvalidCredentialsError,
  invalidField,
  NotFoundError,
  UnauthenticatedError,
} from '@/lib/core/errors';
import type { Item } from './system-collection';
import { users, withCurrentPassword } from './users';

/**
 * What Directus' app access grants every user of the studio on their own row, whatever
 * their policies say (its `appAccessMinimalPermissions`): the profile the studio shows.
 * `password`, `token` and `tfa_secret` are write-only and never read.
 */
const APP_MINIMUM = [
  'id',
  'first_name',
  'last_name',
  'last_page',
  'email',
  'location',
  'title',
  'description',
  'tags',
  'avatar',
  'language',
  'appearance',
  'status',
  'role',
] as const;

const text = (max: number) => z.string().max(max).nullable();

/**
 * What a user may change about themselves. Role, status, provider and the second factor are
 * someone else's decision (or have their own endpoints), so they are refused as unknown.
 */
export const updateMeBody = z
  .object({
    first_name: text(50),
    last_name: text(50),
    email: z.email().max(128),
    password: passwordSchema,
    location: text(255),
    title: text(50),
    description: z.string().max(10_000).nullable(),
    language: text(255),
    appearance: z.enum(['auto', 'light', 'dark']).nullable(),
    email_notifications: z.boolean(),
    last_page: text(255),
    // URL-safe characters only, so a static token can never be mistaken for a signed one.
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,255}$/, 'Token must be 16 to 255 letters, digits, "-" or "_"')
      .nullable(),
    // Proves the caller is the owner, not someone holding their session: needed for a new
    // email or password. Checked, never stored.
    current_password: z.string().min(1).max(1024),
  })
  .partial()
  .strict();

/** Each field only as far as the caller may read it; `id` and `has_tfa` always. */
export const meResponse = z.object({
  id: z.uuid(),
  email: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  status: z.string().optional(),
  role: z.uuid().nullable().optional(),
  last_access: z.string().nullable().optional(),
  has_tfa: z.boolean(),
});

export type UpdateMeInput = z.infer<typeof updateMeBody>;

function me(ctx: RequestContext): string {
  const id = ctx.accountability.user;
  if (!id) throw new UnauthenticatedError();
  return id;
}

/** The caller's row as their read permission on `daas_users` shows it; {} if it doesn't. */
async function permitted(id: string, ctx: RequestContext): Promise<Item> {
  try {
    return await users.readOne({ params: { id }, query: {} }, ctx);
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return {};
    throw err;
  }
}

/**
 * GET /users/me: the fields of the caller's own row that their read permission on
 * `daas_users` grants (all for an administrator), plus, with app access (at the root or at
 * any scope they hold), the profile the studio needs (APP_MINIMUM). Without either, only
 * `id`, as Directus answers. Whether a second factor is enrolled (`has_tfa`) is always
 * told: the sign-in flow depends on it.
 */
export async function readMe(ctx: RequestContext): Promise<Item> {
  const id = me(ctx);
  const row = await ctx.db
    .selectFrom('daas_users')
    .select(APP_MINIMUM)
    .select((eb) => eb('tfa_secret', 'is not', null).as('has_tfa'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('User not found');
  const { has_tfa, ...profile } = row;
  // App access is granted at the root, but a member let into the studio only at a tenant
  // scope uses it too, and their name must show there (and on the way there).
  const { role, ip } = ctx.accountability;
  const app = ctx.accountability.app || (await hasAppAccessAnywhere(ctx.db, { id, role, ip }));
  const minimum = app ? profile : {};
  return { ...minimum, ...(await permitted(id, ctx)), id, has_tfa };
}

async function checkCurrentPassword(id: string, given: string | undefined, ctx: RequestContext) {
  if (given === undefined) {
    throw invalidField('current_password', 'is required to change the email or password', {
      type: 'required',
      message: 'A new email or password needs the current password in "current_password"',
    });
  }
  const user = await ctx.db
    .selectFrom('daas_users')
    .select(['email', 'password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  try {
    // Counted like sign-in attempts on the account: a held session can't guess it freely.
    await limitAttempt(
      'login',
      { account: user.email ?? id, ip: ctx.accountability.ip },
      async () => {
        const ok = user.password ? await verifyPassword(user.password, given) : false;
        if (!ok) throw new InvalidCredentialsError();
      },
    );
  } catch (err) {
    if (err instanceof InvalidCredentialsError) {
      throw invalidField('current_password', 'is not the current password');
    }
    throw err;
  }
}

/** 403 unless the caller's update permission on `daas_users` covers each of these fields. */
async function mayUpdate(fields: string[], ctx: RequestContext): Promise<void> {
  if (ctx.accountability.admin) return;
  const permission = await permissionOf(ctx, ctx.schema, 'daas_users', 'update');
  if (permission && fields.some((f) => !allowsField(permission, f))) throw new ForbiddenError();
}

/**
 * PATCH /users/me: an update of the caller's own `daas_users` row under their update
 * permission (403 without one, or when its item filter leaves their row out), through the
 * users service, so field lists, validation, presets, the explicit permission a static
 * `token` needs and the end of other sessions on a new password all apply. A new email or
 * password also needs the current password.
 */
export async function updateMe(input: UpdateMeInput, ctx: RequestContext) {
  const id = me(ctx);
  const { current_password, ...change } = input;
  const stored = await ctx.db
    .selectFrom('daas_users')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!stored) throw new NotFoundError('User not found');
  const newEmail =
    change.email !== undefined && change.email.toLowerCase() !== stored.email?.toLowerCase();
  const reauthenticate = newEmail || change.password !== undefined;
  if (reauthenticate) {
    // Refused for want of permission before the password is looked at, so the check is no
    // oracle for someone who may not make the change anyway.
    await mayUpdate(Object.keys(change), ctx);
    await checkCurrentPassword(id, current_password, ctx);
  }
  if (Object.keys(change).length > 0) {
    const proven = reauthenticate ? withCurrentPassword(ctx) : ctx;
    try {
      await users.update({ params: { id }, body: change }, proven);
    } catch (err) {
      // Their own row exists: hidden by the item filter means not allowed.
      if (err instanceof NotFoundError) throw new ForbiddenError();
      throw err;
    }
  }
  return readMe(ctx);
}
