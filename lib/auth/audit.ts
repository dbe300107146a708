import 'server-only';
import type { Accountability } from '@/lib/core/accountability';
import type { Db } from '@/lib/db/client';
import { activitySource } from '@/lib/core/activity-source';

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
      ...activitySource(entry.who),
      collection: 'daas_users',
      item: entry.user,
    })
    .execute();
}
