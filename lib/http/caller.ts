import 'server-only';
import { anonymous, type Accountability } from '@/lib/core/accountability';
import { applyDelegation } from '@/lib/access/delegation';
import { publicPolicyId, resolveUserAccess } from '@/lib/access/policies';
import { ForbiddenScopeError, resolveScope } from '@/lib/access/scope';
import { authenticate, SESSION_COOKIE } from '@/lib/auth/authenticate';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/core/errors';
import type { ApiRequest } from './api-request';
import { clientIp, readCookie } from './request-info';

export const SCOPE_HEADER = 'x-resource-uri';
export const SCOPE_COOKIE = 'daas_resource_uri';
export const ON_BEHALF_OF_HEADER = 'x-on-behalf-of';

export interface Caller {
  accountability: Accountability;
  /** Scope URI of the request; null = root scope. */
  scope: string | null;
}

/** The header wins over the cookie; an empty header means the root scope. */
export function requestedScope(request: ApiRequest): string | null {
  const header = request.headers.get(SCOPE_HEADER);
  if (header !== null) return header.trim() || null;
  return readCookie(request, SCOPE_COOKIE)?.trim() || null;
}

/**
 * Whether the request names a scope at all (header or cookie, even empty). Only a few
 * endpoints (GET /api/permissions/me) tell an absent scope from the root scope.
 */
export function scopeGiven(request: ApiRequest): boolean {
  return request.headers.get(SCOPE_HEADER) !== null || readCookie(request, SCOPE_COOKIE) !== null;
}

async function signIn(request: ApiRequest, db: Db, lenient: boolean): Promise<Accountability> {
  try {
    return await authenticate(db, {
      authorization: request.headers.get('authorization'),
      sessionCookie: readCookie(request, SESSION_COOKIE),
      ip: clientIp(request),
      userAgent: request.headers.get('user-agent'),
    });
  } catch (err) {
    if (lenient && err instanceof AppError && err.status === 401) {
      return anonymous(clientIp(request), request.headers.get('user-agent'));
    }
    throw err;
  }
}

async function atScope(db: Db, who: Accountability, uri: string | null): Promise<Accountability> {
  const scope = await resolveScope(db, uri);
  if (!who.user) {
    const id = await publicPolicyId(db, who.ip);
    return { ...who, policies: id ? [id] : [] };
  }
  if (!scope) return who;
  const { item, chain } = scope;
  const access = await resolveUserAccess(
    db,
    { id: who.user, role: who.role, ip: who.ip },
    { id: item.id, chain },
  );
  if (!access.policies.length && !access.admin) throw new ForbiddenScopeError();
  return { ...who, ...access };
}

/**
 * Who is calling and at which scope: authentication, then the scope from X-Resource-Uri or
 * the daas_resource_uri cookie (roles and policies re-resolved there), then delegation.
 * Sign-in endpoints (`lenient`) take neither scope nor delegation: a stale scope cookie
 * must never keep anyone from signing in or out.
 */
export async function resolveCaller(
  request: ApiRequest,
  db: Db,
  options: { lenient?: boolean } = {},
): Promise<Caller> {
  const who = await signIn(request, db, options.lenient ?? false);
  if (options.lenient) return { accountability: who, scope: null };
  const scope = requestedScope(request);
  const scoped = await atScope(db, who, scope);
  const accountability = await applyDelegation(
    db,
    scoped,
    request.headers.get(ON_BEHALF_OF_HEADER),
  );
  return { accountability, scope };
}
