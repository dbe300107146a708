import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import { InvalidPayloadError } from '@/lib/core/errors';

export interface AdminLoss {
  policies?: string[];
  access?: string[];
  roles?: string[];
  users?: string[];
}

/** `<column> not in (ids)`, or true for no ids (`not in ()` is no SQL, `not in (null)` is never true). */
function notIn(column: RawBuilder<unknown>, ids: string[] | undefined): RawBuilder<boolean> {
  return ids?.length ? sql<boolean>`${column} not in (${sql.join(ids)})` : sql<boolean>`true`;
}

/**
 * Active users who would still hold admin access from a root-scope grant without the given
 * policies, access records, roles and users. Parent roles are left out on purpose, and so
 * are admin policies limited to addresses (`ip_access`): nobody here knows where the other
 * administrators sign in from. Both can only make the answer smaller, so the guard errs
 * towards refusing.
 */
export async function adminsLeftWithout(db: Db, without: AdminLoss): Promise<number> {
  const res = await sql<{ n: string | number }>`
    select count(distinct u.id) as n
    from daas_users u
    join daas_access a on a.scope is null and a.policy is not null and (
      a."user" = u.id or a.role = u.role or a.role in (
        select x.role from daas_access x
        where x."user" = u.id and x.policy is null and x.scope is null
          and ${notIn(sql`x.id`, without.access)}))
    join daas_policies p on p.id = a.policy and p.admin_access
      and (p.ip_access is null or p.ip_access in ('[]'::jsonb, 'null'::jsonb, '""'::jsonb))
    where u.status = 'active'
      and ${notIn(sql`u.id`, without.users)}
      and ${notIn(sql`p.id`, without.policies)}
      and ${notIn(sql`a.id`, without.access)}
      and (a.role is null or ${notIn(sql`a.role`, without.roles)})`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

// Any fixed 64-bit number: serialises the changes that could take admin access away.
const ADMIN_GUARD_LOCK = 4_111_720_932;

/**
 * Refuses a change that would leave no administrator. Called inside the change's own
 * transaction: the lock makes two such changes run one after the other, so two
 * administrators demoting each other at once cannot both pass the count.
 */
export async function keepAnAdmin(db: Db, without: AdminLoss): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`.execute(db);
  if ((await adminsLeftWithout(db, without)) === 0) {
    throw new InvalidPayloadError(
      'This change would leave no user with admin access; grant admin access to another user first',
    );
  }
}
