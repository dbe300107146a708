import 'server-only';
import type { Db } from '@/lib/db/client';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import type { Accountability } from '@/lib/core/accountability';
import { isUuid } from '@/lib/core/guards';

/**
 * Applies an X-On-Behalf-Of value. Only a static-token account holding a policy with
 * delegate access may name another user; its own policies still decide what it may do, the
 * named user only becomes the actor the activity log records. Session-cookie callers are
 * browsers, where the header means nothing: ignored. A signed access token or a static token
 * without delegate access asking for it: 403, so a client never believes it delegated.
 */
export async function applyDelegation(
  db: Db,
  accountability: Accountability,
  onBehalfOf: string | null,
): Promise<Accountability> {
  const target = onBehalfOf?.trim();
  if (!target || accountability.via === 'cookie' || !accountability.user) return accountability;
  if (accountability.via !== 'static') throw new ForbiddenError();
  const policies = accountability.policies;
  const delegating = policies.length
    ? await db
        .selectFrom('daas_policies')
        .select('id')
        .where('id', 'in', policies)
        .where('delegate_access', '=', true)
        .executeTakeFirst()
    : undefined;
  if (!delegating) throw new ForbiddenError();

  const user = isUuid(target)
    ? await db
        .selectFrom('daas_users')
        .select(['id', 'status'])
        .where('id', '=', target)
        .executeTakeFirst()
    : undefined;
  if (!user || user.status !== 'active') {
    throw new InvalidPayloadError('X-On-Behalf-Of names no active user');
  }
  return { ...accountability, onBehalfOf: user.id };
}
