import type { Accountability } from '@/lib/core/accountability';

/** The daas_activity columns saying where an action came from, cut to their column sizes. */
export function activitySource(
  who: Pick<Accountability, 'ip' | 'userAgent'>,
  origin?: string | null,
): { ip: string | null; user_agent: string | null; origin: string | null } {
  return {
    ip: who.ip?.slice(0, 50) ?? null,
    user_agent: who.userAgent,
    origin: origin?.slice(0, 255) ?? null,
  };
}
