import type { ApiRequest } from './api-request';
import { withApiBrowserHeaders } from './browser-headers';
import { toResponse, type Outcome } from './outcome';

type Params = Record<string, string | string[] | undefined>;

export interface RouteContext {
  params: Promise<Params>;
}

/** What the production server calls: the same work as the Web handler, without the `Response`. */
export type ApiHandle = (request: ApiRequest, params: Params) => Promise<Outcome>;

/** A route module's export: a Next route handler that also carries its `ApiHandle`. */
export type ApiRouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  handle: ApiHandle;
};

export function apiHandler(handle: ApiHandle): ApiRouteHandler {
  const web = async (request: Request, context: RouteContext) =>
    withApiBrowserHeaders(
      request,
      toResponse(await handle(request, (await context?.params) ?? {})),
    );
  return Object.assign(web, { handle });
}
