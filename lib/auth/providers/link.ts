import 'server-only';
import { invalidateAccessCache } from '@/lib/access/policies';
import type { RequestContext } from '@/lib/core/context';
import { InvalidCredentialsError } from '@/lib/core/errors';
import type { Db } from '@/lib/db/client';
import { recordUserActivity } from '../audit';
import { startSession } from '../login';
import { mfaExpected } from '../mfa';
import type { SessionGrant } from '../sessions';
import type { ProviderSettings } from './settings';

/** What the provider said about the user: ID token claims (with userinfo) or the profile. */
export interface Profile {
  claims: Record<string, unknown>;
  /** The claims come from a verified ID token, so `amr`/`acr` may be believed. */
  idToken: boolean;
}

interface Account {
  id: string;
  role: string | null;
  status: string;
  tfa_secret: string | null;
  provider: string;
  external_identifier: string | null;
}

const COLUMNS = ['id', 'role', 'status', 'tfa_secret', 'provider', 'external_identifier'] as const;

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

/** The first `ROLE_MAPPING` entry whose claim value the user's group claim holds. */
export function mappedRole(p: ProviderSettings, claims: Record<string, unknown>): string | null {
  const raw = claims[p.groupClaimName];
  const groups = Array.isArray(raw) ? raw.map(String) : raw == null ? [] : [String(raw)];
  for (const [value, role] of Object.entries(p.roleMapping)) {
    if (groups.includes(value)) return role;
  }
  return null;
}

function providerAssertsMfa(p: ProviderSettings, profile: Profile): boolean {
  if (!p.trustProviderMfa || !profile.idToken) return false;
  const { amr, acr } = profile.claims;
  if (Array.isArray(amr) && amr.some((m) => m === 'mfa' || m === 'otp')) return true;
  return typeof acr === 'string' && p.mfaAcrValues.includes(acr);
}

const refused = (message: string) => new InvalidCredentialsError(message);

async function linkByEmail(
  trx: Db,
  p: ProviderSettings,
  input: { identifier: string; email: string; verified: boolean },
): Promise<Account | null> {
  const user = await trx
    .selectFrom('daas_users')
    .select(COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email))
    .forUpdate()
    .executeTakeFirst();
  if (!user) return null;
  // Anyone can claim any address at some providers: only a verified one may take an account.
  if (!input.verified) {
    throw refused(
      'The identity provider has not verified this email address, so it cannot sign in to the existing account',
    );
  }
  if (user.provider !== 'default' && user.provider !== p.name) {
    throw refused('This account is linked to another identity provider');
  }
  await trx
    .updateTable('daas_users')
    .set({ provider: p.name, external_identifier: input.identifier })
    .where('id', '=', user.id)
    .execute();
  return { ...user, provider: p.name, external_identifier: input.identifier };
}

async function register(
  trx: Db,
  p: ProviderSettings,
  input: { identifier: string; email: string | null; claims: Record<string, unknown> },
): Promise<Account> {
  if (!p.allowPublicRegistration) {
    throw refused('No account matches this identity, and this provider may not register new users');
  }
  const { claims } = input;
  return trx
    .insertInto('daas_users')
    .values({
      email: input.email,
      first_name: text(claims.given_name)?.slice(0, 50) ?? null,
      last_name: text(claims.family_name)?.slice(0, 50) ?? null,
      role: mappedRole(p, claims) ?? p.defaultRoleId ?? null,
      status: 'active',
      provider: p.name,
      external_identifier: input.identifier,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * The account this identity signs in to: the one linked to it, else an account with the
 * same email (linked now, only if the provider verified the address), else a new one when
 * the provider may register users. Every refusal leaves the users table as it was.
 */
async function accountFor(p: ProviderSettings, profile: Profile, ctx: RequestContext) {
  const { claims } = profile;
  const identifier = text(claims[p.identifierKey]);
  if (!identifier) {
    throw refused(`The identity provider did not send the "${p.identifierKey}" claim`);
  }
  const email = text(claims.email)?.toLowerCase() ?? null;
  return ctx.db.transaction().execute(async (trx) => {
    const found = await find(trx, identifier);
    // Thrown inside the transaction, so a link just made is undone with it.
    if (found.user.status !== 'active') throw refused('Invalid user credentials');
    return found;
  });

  async function find(
    trx: Db,
    identifier: string,
  ): Promise<{ user: Account; action: 'create' | 'update' | null }> {
    const linked = await trx
      .selectFrom('daas_users')
      .select(COLUMNS)
      .where('provider', '=', p.name)
      .where('external_identifier', '=', identifier)
      .executeTakeFirst();
    if (linked) return { user: linked, action: null };
    const verified = claims.email_verified === true;
    const existing = email ? await linkByEmail(trx, p, { identifier, email, verified }) : null;
    if (existing) return { user: existing, action: 'update' };
    return { user: await register(trx, p, { identifier, email, claims }), action: 'create' };
  }
}

/**
 * A session for the identity the provider vouched for, written like a password sign-in
 * (a `login` activity row; a `create` or `update` row too when the account is new or was
 * just linked). A user with a second factor still owes it unless the provider asserted MFA
 * and the provider's settings trust that.
 */
export async function signInWithProfile(
  p: ProviderSettings,
  profile: Profile,
  ctx: RequestContext,
): Promise<SessionGrant> {
  const { user, action } = await accountFor(p, profile, ctx);
  if (action) await recordUserActivity(ctx.db, { action, user: user.id, who: ctx.accountability });
  const role = Object.keys(p.roleMapping).length ? mappedRole(p, profile.claims) : null;
  if (role && role !== user.role && action !== 'create') {
    await ctx.db.updateTable('daas_users').set({ role }).where('id', '=', user.id).execute();
    user.role = role;
    invalidateAccessCache();
  }
  let aal: 1 | 2;
  if (providerAssertsMfa(p, profile)) aal = 2;
  else if (user.tfa_secret) aal = 1;
  else aal = (await mfaExpected(ctx.db, user)) ? 1 : 2;
  return startSession(ctx, user.id, aal);
}
