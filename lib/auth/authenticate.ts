import 'server-only';
import { anonymous, type Accountability } from '@/lib/core/accountability';
import { onAccessInvalidated, resolveUserAccess } from '@/lib/access/policies';
import { config } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import { InvalidCredentialsError, InvalidTokenError } from '@/lib/core/errors';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { liveSession } from './session-cache';
import { looksLikeJwt, tokenHash, verifyAccessToken } from './tokens';

export const SESSION_COOKIE = 'daas_session';

/** What a request presents to prove who it is, read from it by the HTTP layer. */
export interface Credentials {
  /** The Authorization header, as sent. */
  authorization: string | null;
  /** The value of the session cookie. */
  sessionCookie: string | null;
  ip: string | null;
  userAgent: string | null;
}

async function loadUser(db: Db, where: { id: string } | { token: string }) {
  let query = db.selectFrom('daas_users').select(['id', 'role', 'status', 'tfa_secret']);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('token', '=', where.token);
  const user = await query.executeTakeFirst();
  return user && user.status === 'active' ? user : null;
}

type LoadedUser = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

// A user is looked up once per few seconds rather than on every request (by the id a signed
// token names, or by static token): the lookup is a database round trip, often half of what a
// simple read costs. Only hits are kept, so a new user or token works at once; a change
// through the users, roles or policies services or to a user's own token clears the cache in
// every worker of this instance (other instances: within the TTL, as for a logged-out
// session).
const USER_TTL_MS = 5_000;
const knownUsers = new Map<string, { user: LoadedUser; at: number }>();
onAccessInvalidated(() => knownUsers.clear());
onSiblingNotice('static-tokens', () => knownUsers.clear());

/** After a user's static token changed outside the users service: refuse the old one now. */
export function forgetStaticTokens(): void {
  knownUsers.clear();
  tellSiblings('static-tokens');
}

async function knownUser(
  db: Db,
  where: { id: string } | { token: string },
): Promise<LoadedUser | null> {
  const key = 'id' in where ? `id:${where.id}` : `token:${where.token}`;
  const hit = knownUsers.get(key);
  if (hit && Date.now() - hit.at < USER_TTL_MS) return hit.user;
  const user = await loadUser(db, where);
  if (!user) knownUsers.delete(key);
  // Bounded: an attacker's made-up tokens never hit, so only real ones accumulate.
  else if (knownUsers.size < 10_000) knownUsers.set(key, { user, at: Date.now() });
  return user;
}

type Credential = Pick<Accountability, 'session' | 'assurance' | 'via'>;

/**
 * A second factor is expected of a user who has one, of everyone under MFA_FORCE_ENABLED,
 * and of anyone a policy marks `enforce_tfa`. Static tokens (service accounts) are exempt:
 * they have no interactive sign-in to add a factor to.
 */
async function signedIn(
  db: Db,
  base: Accountability,
  user: LoadedUser,
  credential: Credential,
): Promise<Accountability> {
  const { enforceTfa, ...access } = await resolveUserAccess(db, {
    id: user.id,
    role: user.role,
    ip: base.ip,
  });
  const mfaRequired =
    credential.via !== 'static' &&
    (Boolean(user.tfa_secret) || config().MFA_FORCE_ENABLED || enforceTfa);
  return { ...base, ...access, user: user.id, role: user.role, ...credential, mfaRequired };
}

/**
 * Resolves the caller from a Bearer token (signed access token, else static token) or the
 * session cookie. No credential: the anonymous caller. A credential that does not check out:
 * 401, never a silent downgrade to anonymous.
 */
export async function authenticate(db: Db, presented: Credentials): Promise<Accountability> {
  const base = anonymous(presented.ip, presented.userAgent);
  const auth = presented.authorization;
  const bearer = auth && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() : null;

  if (bearer && looksLikeJwt(bearer)) {
    const claims = await verifyAccessToken(bearer);
    const session = await liveSession(db, claims.session);
    if (!session || session.user !== claims.id) throw new InvalidTokenError();
    const user = await knownUser(db, { id: claims.id });
    if (!user) throw new InvalidTokenError();
    return signedIn(db, base, user, {
      session: claims.session,
      assurance: claims.aal,
      via: 'jwt',
    });
  }
  if (bearer) {
    const user = await knownUser(db, { token: bearer });
    if (!user) throw new InvalidTokenError();
    return signedIn(db, base, user, {
      session: null,
      assurance: 2,
      via: 'static',
    });
  }

  const cookie = presented.sessionCookie;
  if (cookie) {
    const row = await db
      .selectFrom('daas_sessions')
      .select(['id', 'user', 'expires', 'assurance'])
      .where('token_hash', '=', tokenHash(cookie))
      .executeTakeFirst();
    const user =
      row && Date.parse(row.expires) > Date.now() ? await loadUser(db, { id: row.user }) : null;
    if (!row || !user) throw new InvalidCredentialsError('Invalid session');
    return signedIn(db, base, user, {
      session: row.id,
      assurance: row.assurance === 2 ? 2 : 1,
      via: 'cookie',
    });
  }
  return base;
}

/**
 * The accountability stored code runs with when no request triggered it (cron): the named
 * user's, as for their static token; none, or a user who may not sign in, means the public
 * caller, never an administrator.
 */
export async function accountabilityOfUser(db: Db, id: string | null): Promise<Accountability> {
  const base = anonymous(null, null);
  const user = id ? await loadUser(db, { id }) : null;
  if (!user) return base;
  return signedIn(db, base, user, { session: null, assurance: 2, via: 'static' });
}
