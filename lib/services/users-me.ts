import 'server-only';
import { z } from 'zod';
import { recordUserActivity } from '@/lib/auth/audit';
import { forgetStaticTokens } from '@/lib/auth/authenticate';
import { hashPassword } from '@/lib/auth/passwords';
import { passwordSchema } from '@/lib/auth/password-reset';
import { endUserSessions } from '@/lib/auth/sessions';
import { translateDbError } from '@/lib/db/errors';
import type { RequestContext } from '@/lib/core/context';
import { ConflictError, NotFoundError, UnauthenticatedError } from '@/lib/core/errors';

/** Every readable column; `password`, `token` and `tfa_secret` are write-only and never read. */
const READABLE = [
  'id',
  'first_name',
  'last_name',
  'email',
  'location',
  'title',
  'description',
  'tags',
  'avatar',
  'language',
  'status',
  'role',
  'last_access',
  'last_page',
  'provider',
  'external_identifier',
  'appearance',
  'email_notifications',
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
  })
  .partial()
  .strict();

export const meResponse = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.string(),
  role: z.uuid().nullable(),
  last_access: z.string().nullable(),
  has_tfa: z.boolean(),
});

export type UpdateMeInput = z.infer<typeof updateMeBody>;

function me(ctx: RequestContext): string {
  const id = ctx.accountability.user;
  if (!id) throw new UnauthenticatedError();
  return id;
}

export async function readMe(ctx: RequestContext) {
  const row = await ctx.db
    .selectFrom('daas_users')
    .select(READABLE)
    .select((eb) => eb('tfa_secret', 'is not', null).as('has_tfa'))
    .where('id', '=', me(ctx))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('User not found');
  return row;
}

const UNIQUE_FIELDS: Record<string, string> = {
  daas_users_email_lower: 'email',
  daas_users_token_key: 'token',
};

function uniqueViolation(err: unknown): Error {
  const e = err as { code?: unknown; constraint?: unknown };
  const field = typeof e.constraint === 'string' ? UNIQUE_FIELDS[e.constraint] : undefined;
  if (e.code === '23505' && field) {
    return new ConflictError(`Value for field "${field}" has to be unique`, {
      extensions: { field },
    });
  }
  return translateDbError(err) ?? (err as Error);
}

/**
 * Updates the caller's own record. A new password ends every other session of the user, so
 * a stolen session does not survive the owner changing it.
 */
export async function updateMe(input: UpdateMeInput, ctx: RequestContext) {
  const id = me(ctx);
  const { password, email, ...rest } = input;
  const values = {
    ...rest,
    ...(email !== undefined ? { email: email.toLowerCase() } : {}),
    ...(password !== undefined ? { password: await hashPassword(password) } : {}),
  };
  if (Object.keys(values).length > 0) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('daas_users').set(values).where('id', '=', id).execute();
        if (password !== undefined) await endUserSessions(trx, id, ctx.accountability.session);
        await recordUserActivity(trx, { action: 'update', user: id, who: ctx.accountability });
      });
    } catch (err) {
      throw uniqueViolation(err);
    }
    if ('token' in values) forgetStaticTokens();
  }
  return readMe(ctx);
}
