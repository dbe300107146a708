import 'server-only';
import { anonymous, type Accountability } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { permissionsMe, type PermissionsMe } from './permissions-me';
import { resolveUserAccess } from './policies';
import { resolveScope } from './scope';
import { isUuid } from '@/lib/core/guards';

export type ExplainAnswer = PermissionsMe & {
  meta: PermissionsMe['meta'] & { user: { id: string; admin: boolean } };
};

/**
 * GET /api/permissions/me?user=<id>: what another user may do at the request's scope,
 * answered as that user's own /permissions/me would be (with `debug` naming the policies
 * and grants each rule came from). Administrators only: it reveals anyone's access.
 */
export async function explainPermissions(
  input: {
    user: string;
    /** The address to judge IP allow-lists by; without one, IP-limited policies don't count. */
    ip?: string;
    debug: boolean;
    scopeGiven: boolean;
    collections: string[];
  },
  ctx: Pick<RequestContext, 'db' | 'accountability' | 'scope'>,
): Promise<ExplainAnswer> {
  if (!ctx.accountability.admin) throw new ForbiddenError();
  const target = isUuid(input.user)
    ? await ctx.db
        .selectFrom('daas_users')
        .select(['id', 'role'])
        .where('id', '=', input.user)
        .executeTakeFirst()
    : undefined;
  if (!target) throw new NotFoundError('User not found');

  const scope = await resolveScope(ctx.db, ctx.scope ?? null);
  const access = await resolveUserAccess(
    ctx.db,
    { id: target.id, role: target.role, ip: input.ip ?? null },
    scope ? { id: scope.item.id, chain: scope.chain } : null,
  );
  // The target as the request pipeline would see them, minus anything about the session.
  const who: Accountability = {
    ...anonymous(input.ip ?? null, null),
    user: target.id,
    role: target.role,
    roles: access.roles,
    policies: access.policies,
    admin: access.admin,
    app: access.app,
  };
  const answer = await permissionsMe(input, { db: ctx.db, accountability: who, scope: ctx.scope });
  return { ...answer, meta: { ...answer.meta, user: { id: target.id, admin: who.admin } } };
}
