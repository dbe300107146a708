import 'server-only';
import { config, durationMs } from '@/lib/core/config';
import type { Db } from '@/lib/db/client';
import { InvalidCredentialsError } from '@/lib/core/errors';
import { forgetSession } from './session-cache';
import { randomToken, tokenHash } from './tokens';

export type AuthMode = 'json' | 'session';

/** A session granted and how the client asked to receive its tokens. */
export interface GrantOutcome {
  grant: SessionGrant;
  mode: AuthMode;
}

export interface SessionGrant {
  session: string;
  user: string;
  aal: 1 | 2;
  /** The opaque refresh token; in session mode it is also the cookie value. */
  refreshToken: string;
}

export function accessTtlMs(): number {
  return durationMs(config().ACCESS_TOKEN_TTL);
}

export function refreshTtlMs(): number {
  return durationMs(config().REFRESH_TOKEN_TTL);
}

export async function createSession(
  db: Db,
  input: { user: string; aal: 1 | 2; ip: string | null; userAgent: string | null },
): Promise<SessionGrant> {
  const refreshToken = randomToken();
  const row = await db
    .insertInto('daas_sessions')
    .values({
      token_hash: tokenHash(refreshToken),
      user: input.user,
      expires: new Date(Date.now() + refreshTtlMs()),
      ip: input.ip?.slice(0, 255) ?? null,
      user_agent: input.userAgent,
      assurance: input.aal,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { session: row.id, user: input.user, aal: input.aal, refreshToken };
}

/**
 * Swaps a refresh token for a new one in one statement, so two concurrent refreshes with the
 * same token cannot both succeed. The spent token's hash is kept: presenting it again means
 * it leaked (or a client replayed it), and the whole session is ended.
 */
export async function rotateSession(db: Db, refreshToken: string): Promise<SessionGrant> {
  const presented = tokenHash(refreshToken);
  const next = randomToken();
  const row = await db
    .updateTable('daas_sessions')
    .set((eb) => ({
      previous_token_hash: eb.ref('token_hash'),
      token_hash: tokenHash(next),
      expires: new Date(Date.now() + refreshTtlMs()),
    }))
    .where('token_hash', '=', presented)
    .where('expires', '>', new Date().toISOString())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('daas_users')
          .select('daas_users.id')
          .whereRef('daas_users.id', '=', 'daas_sessions.user')
          .where('daas_users.status', '=', 'active'),
      ),
    )
    .returning(['id', 'user', 'assurance'])
    .executeTakeFirst();
  if (row) {
    return {
      session: row.id,
      user: row.user,
      aal: row.assurance === 2 ? 2 : 1,
      refreshToken: next,
    };
  }
  const spent = await db
    .deleteFrom('daas_sessions')
    .where('previous_token_hash', '=', presented)
    .returning('id')
    .execute();
  spent.forEach((s) => forgetSession(s.id));
  throw new InvalidCredentialsError();
}

export async function endSession(db: Db, id: string): Promise<string | null> {
  const row = await db
    .deleteFrom('daas_sessions')
    .where('id', '=', id)
    .returning('user')
    .executeTakeFirst();
  forgetSession(id);
  return row?.user ?? null;
}

/** Ends the session a refresh token (or session cookie) belongs to; unknown tokens: no-op. */
export async function endSessionByToken(
  db: Db,
  refreshToken: string,
): Promise<{ id: string; user: string } | null> {
  const row = await db
    .deleteFrom('daas_sessions')
    .where('token_hash', '=', tokenHash(refreshToken))
    .returning(['id', 'user'])
    .executeTakeFirst();
  if (row) forgetSession(row.id);
  return row ?? null;
}

/** Ends every session of a user, optionally keeping one (the caller's own). */
export async function endUserSessions(db: Db, user: string, keep?: string | null): Promise<void> {
  let query = db.deleteFrom('daas_sessions').where('user', '=', user);
  if (keep) query = query.where('id', '!=', keep);
  const rows = await query.returning('id').execute();
  rows.forEach((r) => forgetSession(r.id));
}
