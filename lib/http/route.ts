import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Accountability } from '@/lib/access/accountability';
import { getDb } from '@/lib/db/client';
import { resolveCaller } from './caller';
import { corsHeaders } from './cors';
import type { RequestContext } from './context';
import { ForbiddenError, MfaRequiredError, UnauthenticatedError } from './errors';
import { parseWith, queryObject, readJsonBody } from './input';
import { errorResponse, json } from './respond';
import { Reply } from './reply';
import { errorShapeFor, type ErrorShape } from './shapes';

export type Access = 'public' | 'user' | 'admin';

export interface RouteSpec<P, Q, B> {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** `user` (default): any signed-in caller; `public`: anyone, the service decides; `admin`. */
  access?: Access;
  /** Success status; 204 sends no body. */
  status?: number;
  /** Reachable with a first-factor-only token (the sign-in flow, `GET /users/me`). */
  mfaExempt?: boolean;
  /**
   * Sign-in endpoints (login, refresh, logout, password reset): a credential that fails to
   * check out (a stale session cookie, an expired token) leaves the caller anonymous instead
   * of answering 401, so a client can always sign in or out again. Only for `public` routes.
   */
  lenientAuth?: boolean;
  /** Forces an error body shape where the path table would pick the other. */
  shape?: ErrorShape;
  /** OpenAPI: */
  summary?: string;
  tags?: readonly string[];
  response?: z.ZodType;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: Request;
}

export type Handler<P, Q, B> = (
  input: RouteInput<P, Q, B>,
  ctx: RequestContext,
) => Promise<unknown>;

export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  spec: RouteSpec<unknown, unknown, unknown>;
};

function checkAccess(spec: RouteSpec<unknown, unknown, unknown>, who: Accountability): void {
  const access = spec.access ?? 'user';
  // Public routes too: a signed-in first-factor-only caller must not reach with its own
  // policies what it could not reach on a `user` route. Sign-in routes stay open.
  const exempt = spec.mfaExempt || spec.lenientAuth;
  if (who.user && who.assurance < 2 && who.mfaRequired && !exempt) throw new MfaRequiredError();
  if (access === 'public') return;
  if (!who.user) throw new UnauthenticatedError();
  if (access === 'admin' && !who.admin) throw new ForbiddenError();
}

async function toResponse(result: unknown, status: number): Promise<Response> {
  if (result instanceof Response) return result;
  if (result instanceof Reply) {
    const s = result.init.status ?? status;
    const headers = new Headers(result.init.headers);
    for (const c of result.init.cookies ?? []) headers.append('set-cookie', c);
    if (s === 204 || result.body === null) return new Response(null, { status: s, headers });
    return json(result.body, { status: s, headers });
  }
  if (status === 204) return new Response(null, { status });
  return json({ data: result ?? null }, { status });
}

/**
 * The one wrapper every API route uses: request id, authentication, parsing with zod,
 * the service call, the `{data}` envelope, CORS, and every error mapped to its body shape.
 */
export function route<P = undefined, Q = undefined, B = undefined>(
  spec: RouteSpec<P, Q, B>,
  handler: Handler<P, Q, B>,
): RouteHandler {
  const fn = async (request: Request, context: RouteContext): Promise<Response> => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    const url = new URL(request.url);
    const shape = spec.shape ?? errorShapeFor(url.pathname);
    const db = getDb();
    let response: Response;
    try {
      const params = spec.params
        ? parseWith(spec.params, (await context?.params) ?? {}, 'params')
        : (undefined as P);
      const { accountability, scope } = await resolveCaller(request, db, {
        lenient: spec.lenientAuth && spec.access === 'public',
      });
      checkAccess(spec as RouteSpec<unknown, unknown, unknown>, accountability);
      const query = spec.query
        ? parseWith(spec.query, queryObject(url), 'query')
        : (undefined as Q);
      const body = spec.body
        ? parseWith(spec.body, await readJsonBody(request), 'payload')
        : (undefined as B);
      const result = await handler(
        { params, query, body, request },
        { db, accountability, requestId, scope },
      );
      response = await toResponse(result, spec.status ?? 200);
    } catch (err) {
      response = errorResponse(err, shape, requestId);
    }
    response.headers.set('x-request-id', requestId);
    const cors = await corsHeaders(request, db).catch(() => null);
    if (cors) for (const [k, v] of Object.entries(cors)) response.headers.set(k, v);
    return response;
  };
  return Object.assign(fn, { spec: spec as RouteSpec<unknown, unknown, unknown> });
}
