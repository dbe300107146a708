import type { ApiRequest } from './api-request';
import { jsonOutcome, toResponse, type Outcome } from './outcome';
import { routeFiles } from './route-table.generated';
import { compileRoutes, matchRoute, METHODS, type Method } from './route-match';

const routes = compileRoutes(routeFiles);

/**
 * Serves an /api request by calling the matching route module's handler directly, as Next
 * would, without Next's per-request machinery.
 */
export async function dispatchApi(request: ApiRequest): Promise<Outcome> {
  const found = matchRoute(routes, new URL(request.url).pathname);
  if (!found)
    return jsonOutcome(
      { errors: [{ message: 'Route not found', extensions: { code: 'ROUTE_NOT_FOUND' } }] },
      404,
    );
  const method = request.method.toUpperCase() as Method;
  let handler = METHODS.includes(method) ? found.route.module[method] : undefined;
  if (!handler && method === 'HEAD') handler = found.route.module.GET;
  if (!handler) {
    const allow = METHODS.filter((m) => found.route.module[m]).join(', ');
    return { status: 405, headers: { allow }, body: null };
  }
  return handler.handle(request, found.params);
}

/** The same, from a Web `Request` to a Web `Response` (the in-process tests, tooling). */
export async function dispatch(request: Request): Promise<Response> {
  return toResponse(await dispatchApi(request));
}

export { routes };
