import { routeFiles } from './route-table.generated';
import { compileRoutes, matchRoute, METHODS, type Method } from './route-match';
import { json } from './respond';

const routes = compileRoutes(routeFiles);

/**
 * Serves an /api request by calling the matching route module's exported handler directly,
 * as Next would, without Next's per-request machinery.
 */
export async function dispatch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const found = matchRoute(routes, url.pathname);
  if (!found)
    return json(
      { errors: [{ message: 'Route not found', extensions: { code: 'ROUTE_NOT_FOUND' } }] },
      { status: 404 },
    );
  const method = request.method.toUpperCase() as Method;
  let handler = METHODS.includes(method) ? found.route.module[method] : undefined;
  if (!handler && method === 'HEAD') handler = found.route.module.GET;
  if (!handler) {
    const allow = METHODS.filter((m) => found.route.module[m]).join(', ');
    return new Response(null, { status: 405, headers: { allow } });
  }
  return handler(request, { params: Promise.resolve(found.params) });
}

export { routes };
