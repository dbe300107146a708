import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Accountability } from '@/lib/core/accountability';
import { getDb } from '@/lib/db/client';
import { isConnectionFailure } from '@/lib/db/errors';
import { readerKey, readRouting } from '@/lib/db/replica';
import { getSchema } from '@/lib/schema/overview';
import { answerAfterSiblings, listenForNotices, refreshIfDeaf } from '@/lib/sibling-bus';
import { apiHandler, type ApiHandle, type ApiRouteHandler } from './api-handler';
import type { ApiRequest } from './api-request';
import { resolveCaller } from './caller';
import { corsHeaders } from './cors';
import type { BareContext, RequestContext } from '@/lib/core/context';
import { ForbiddenError, MfaRequiredError, UnauthenticatedError } from '@/lib/core/errors';
import { parseWith, refuseHostile } from '@/lib/core/parse';
import { queryObject, readJsonBody } from './input';
import { jsonOutcome, lowerCased, responseOutcome, type Outcome } from './outcome';
import { errorOutcome, logServerAnswer } from './respond';
import { RawReply, Reply } from './reply';
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
  /** Also takes the credential from `?access_token=` (the MCP endpoint, per the conventions). */
  queryToken?: boolean;
  /**
   * The answer when the database cannot be reached before the handler could run (the health
   * check answers in its own format then); otherwise the usual 503 error body.
   */
  databaseDown?: () => unknown;
  /**
   * `false`: the handler gets a context without the schema overview (a `BareContext`), for
   * the probes that must answer while the database cannot be introspected.
   */
  schema?: false;
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
  request: ApiRequest;
}

export type Handler<P, Q, B, C extends BareContext = RequestContext> = (
  input: RouteInput<P, Q, B>,
  ctx: C,
) => Promise<unknown>;

export type { RouteContext } from './api-handler';

export type RouteHandler = ApiRouteHandler & { spec: RouteSpec<unknown, unknown, unknown> };

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

/**
 * An anonymous caller refused anything is asked to sign in (the specification's 401 `Not
 * authenticated`), never told 403: otherwise "forbidden" and "missing" (an unknown
 * collection, a system one) would answer differently and tell what exists.
 */
function forCaller(err: unknown, who: Accountability | null): unknown {
  if (who && !who.user && err instanceof ForbiddenError) return new UnauthenticatedError();
  return err;
}

function toOutcome(result: unknown, status: number): Outcome {
  if (result instanceof Response) return responseOutcome(result);
  if (result instanceof Reply) {
    const s = result.init.status ?? status;
    const headers = lowerCased(result.init.headers);
    const cookies = result.init.cookies;
    if (s === 204 || result.body === null) return { status: s, headers, cookies, body: null };
    return { ...jsonOutcome(result.body, s, headers), cookies };
  }
  if (result instanceof RawReply) {
    return {
      status: result.init.status ?? status,
      headers: lowerCased(result.init.headers),
      body: result.body,
    };
  }
  if (status === 204) return { status, headers: {}, body: null };
  return jsonOutcome({ data: result ?? null }, status);
}

/**
 * The one wrapper every API route uses: request id, authentication, parsing with zod,
 * the service call, the `{data}` envelope, CORS, and every error mapped to its body shape.
 */
export function route<P = undefined, Q = undefined, B = undefined>(
  spec: RouteSpec<P, Q, B> & { schema: false },
  handler: Handler<P, Q, B, BareContext>,
): RouteHandler;
export function route<P = undefined, Q = undefined, B = undefined>(
  spec: RouteSpec<P, Q, B>,
  handler: Handler<P, Q, B>,
): RouteHandler;
export function route<P = undefined, Q = undefined, B = undefined>(
  spec: RouteSpec<P, Q, B>,
  handler: Handler<P, Q, B, BareContext> | Handler<P, Q, B>,
): RouteHandler {
  const handle: ApiHandle = async (request, rawParams) => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    const url = new URL(request.url);
    const shape = spec.shape ?? errorShapeFor(url.pathname);
    const db = getDb();
    listenForNotices();
    refreshIfDeaf();
    let outcome: Outcome;
    let caller: Accountability | null = null;
    const where = { method: request.method, path: url.pathname };
    let logged = false;
    try {
      // PostgreSQL refuses NUL in text: any string of the request holding one is a 400 here,
      // before it reaches a service, and so is a `__proto__` key (the JSON body is checked
      // as it is read).
      refuseHostile(rawParams, 'params');
      const rawQuery = queryObject(url);
      refuseHostile(rawQuery, 'query');
      const params = spec.params ? parseWith(spec.params, rawParams, 'params') : (undefined as P);
      const { accountability, scope } = await resolveCaller(request, db, {
        lenient: spec.lenientAuth && spec.access === 'public',
        queryToken: spec.queryToken,
      });
      caller = accountability;
      checkAccess(spec as RouteSpec<unknown, unknown, unknown>, accountability);
      const query = spec.query ? parseWith(spec.query, rawQuery, 'query') : (undefined as Q);
      const body = spec.body
        ? parseWith(spec.body, await readJsonBody(request), 'payload')
        : (undefined as B);
      const reads = readRouting({ method: request.method, reader: readerKey(accountability) });
      const bare: BareContext = {
        db,
        accountability,
        requestId,
        scope,
        origin: request.headers.get('origin'),
        reads,
      };
      // The overview is taken once here; the services read `ctx.schema`, never the cache.
      const ctx = spec.schema === false ? bare : { ...bare, schema: await getSchema(db) };
      const result = await answerAfterSiblings(async () => {
        try {
          return await (handler as Handler<P, Q, B, BareContext>)(
            { params, query, body, request },
            ctx,
          );
        } finally {
          // Any other method may have written: the caller's next reads see it (read replica).
          if (request.method !== 'GET' && request.method !== 'HEAD') reads?.wrote();
        }
      });
      outcome = toOutcome(result, spec.status ?? 200);
    } catch (err) {
      const down = spec.databaseDown && isConnectionFailure(err);
      if (down) {
        outcome = toOutcome(spec.databaseDown!(), 503);
        logServerAnswer({ ...where, requestId, status: 503, code: 'SERVICE_UNAVAILABLE', err });
      } else {
        outcome = errorOutcome(forCaller(err, caller), shape, requestId, where);
      }
      logged = true;
    }
    // A 5xx a handler answered on its own (a health report, an extension's reply) is logged
    // like a thrown one.
    if (!logged && outcome.status >= 500) {
      logServerAnswer({ ...where, requestId, status: outcome.status, code: 'SERVER_ERROR_REPLY' });
    }
    outcome.headers['x-request-id'] = requestId;
    const cors = await corsHeaders(request, db).catch(() => null);
    if (cors) Object.assign(outcome.headers, cors);
    return outcome;
  };
  return Object.assign(apiHandler(handle), {
    spec: spec as RouteSpec<unknown, unknown, unknown>,
  });
}
