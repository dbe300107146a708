import 'server-only';
import type { Accountability } from '@/lib/access/accountability';
import type { Db } from '@/lib/db/client';

/** One daas_activity row for a server-side event about a user (login, logout, update). */
export async function recordUserActivity(
  db: Db,
  entry: { action: string; user: string; who: Pick<Accountability, 'ip' | 'userAgent'> },
): Promise<void> {
  await db
    .insertInto('daas_activity')
    .values({
      action: entry.action,
      user: entry.user,
      ip: entry.who.ip?.slice(0, 50) ?? null,
      user_agent: entry.who.userAgent,
      collection: 'daas_users',
      item: entry.user,
    })
    .execute();
}
