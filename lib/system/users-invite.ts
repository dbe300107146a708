import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { passwordSchema } from '@/lib/auth/password-reset';
import { hashPassword } from '@/lib/core/passwords';
import { signingKey } from '@/lib/auth/secret';
import { publicUrl } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { invalidField, InvalidTokenError } from '@/lib/core/errors';
import { sendMailQuietly } from '@/lib/mail/send';
import { users } from './users';

const AUDIENCE = 'user-invite';
const ISSUER = 'daas';
const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

export const inviteBody = z
  .object({
    email: z.union([z.email().max(128), z.array(z.email().max(128)).min(1).max(100)]),
    role: z.uuid(),
    invite_url: z.string().max(2048).optional(),
  })
  .strict();

export const inviteAcceptBody = z
  .object({ token: z.string().min(1).max(4096), password: passwordSchema })
  .strict();

/**
 * The page the mail links to: ours, or an `invite_url` on the origin of PUBLIC_URL or on the
 * origin the studio that sends it was served from (a same-origin request: the server
 * answers there), so a studio opened at another address than PUBLIC_URL can invite.
 */
function invitePage(inviteUrl: string | undefined, served: string | null): URL {
  const base = publicUrl();
  if (!inviteUrl) return new URL(`${base}/en/accept-invite`);
  let url: URL;
  try {
    url = new URL(inviteUrl);
  } catch {
    throw invalidField('invite_url', 'must be an absolute URL');
  }
  // Anywhere else would hand a working invitation token to a foreign site.
  const allowed = new URL(base).origin;
  if (url.origin !== allowed && url.origin !== served) {
    throw invalidField(
      'invite_url',
      `must be on the origin of PUBLIC_URL (${allowed}) or the origin the request comes from; to invite from ${url.origin}, open the studio there or set PUBLIC_URL=${url.origin}`,
    );
  }
  return url;
}

function signInviteToken(user: { id: string; email: string }): Promise<string> {
  return new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + INVITE_TTL_SECONDS)
    .sign(signingKey());
}

/**
 * POST /api/users/invite (administrators): creates each address as a user with the role and
 * status `invited`, or re-sends the mail to one still invited, and mails a link to set a
 * password. An address that belongs to a user past the invitation is refused.
 */
export async function inviteUsers(
  input: { body: z.infer<typeof inviteBody>; servedOrigin?: string | null },
  ctx: RequestContext,
): Promise<void> {
  const page = invitePage(input.body.invite_url, input.servedOrigin ?? null);
  const emails = [input.body.email].flat().map((e) => e.trim().toLowerCase());
  const invited: { id: string; email: string }[] = [];
  for (const email of new Set(emails)) {
    const existing = await ctx.db
      .selectFrom('daas_users')
      .select(['id', 'status'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (existing && existing.status !== 'invited') {
      throw invalidField('email', 'already exists', {
        type: 'unique',
        message: `User "${email}" already exists`,
      });
    }
    if (existing) {
      invited.push({ id: existing.id, email });
      continue;
    }
    // Through the users service: role check, unique email, activity and revisions.
    const created = (await users.create(
      {
        body: { email, role: input.body.role, status: 'invited' },
        query: {},
      },
      ctx,
    )) as { id: string };
    invited.push({ id: created.id, email });
  }
  for (const user of invited) {
    const link = new URL(page);
    link.searchParams.set('token', await signInviteToken(user));
    await sendMailQuietly(ctx.db, {
      to: user.email,
      subject: 'You have been invited',
      text: [
        'You have been invited to an account.',
        '',
        'Open this link within seven days to choose your password and activate it:',
        link.toString(),
        '',
        'If you did not expect this, ignore this message.',
      ].join('\n'),
    });
  }
}

/**
 * POST /api/users/invite/accept: sets the password of a user still `invited` and makes them
 * `active`. Accepting once ends the invitation, so the same link can't be used twice.
 */
export async function acceptInvite(
  input: z.infer<typeof inviteAcceptBody>,
  ctx: RequestContext,
): Promise<void> {
  let sub: string;
  let email: unknown;
  try {
    const { payload } = await jwtVerify(input.token, signingKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string') throw new InvalidTokenError();
    sub = payload.sub;
    email = payload.email;
  } catch {
    throw new InvalidTokenError();
  }
  const hashed = await hashPassword(input.password);
  // Guarded by status and email: a user no longer invited, or readdressed since, is refused.
  const done = await ctx.db
    .updateTable('daas_users')
    .set({ password: hashed, status: 'active' })
    .where('id', '=', sub)
    .where('status', '=', 'invited')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', String(email).toLowerCase()))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new InvalidTokenError();
}
