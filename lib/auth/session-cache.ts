import 'server-only';
import type { Db } from '@/lib/db/client';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

interface LiveSession {
  user: string;
  expires: number;
}

// Positive answers are cached briefly so a warm request does no session query; a logout in
// this process removes the entry at once (other processes: within the TTL).
const TTL_MS = 5_000;
const cache = new Map<string, { value: LiveSession | null; at: number }>();

// No id: a notice may have been missed, so nothing cached can be trusted.
onSiblingNotice('session-ended', (id) => (id ? cache.delete(id) : cache.clear()));

/** After a logout: refuse the session's tokens at once here and in sibling workers. */
export function forgetSession(id: string): void {
  cache.delete(id);
  tellSiblings('session-ended', id);
}

export async function liveSession(db: Db, id: string): Promise<LiveSession | null> {
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const row = await db
    .selectFrom('daas_sessions')
    .select(['user', 'expires'])
    .where('id', '=', id)
    .executeTakeFirst();
  const value = row ? { user: row.user, expires: Date.parse(row.expires) } : null;
  if (value) cache.set(id, { value, at: Date.now() });
  return value && value.expires > Date.now() ? value : null;
}
