import type { PermissionAction, Permissions } from '@/lib/access/permissions';
import type { Access } from '@/lib/http/route';
import { openApiDocument } from '@/lib/http/openapi/document';
import { openApiPath } from '@/lib/http/openapi/operation';
import type { OpenApiDocument, PathItemObject } from '@/lib/http/openapi/types';
import type { SchemaOverview } from '@/lib/schema/overview';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const ACTION: Record<(typeof METHODS)[number], PermissionAction> = {
  GET: 'read',
  POST: 'create',
  PATCH: 'update',
  PUT: 'update',
  DELETE: 'delete',
};

export interface SystemRoute {
  pattern: string;
  method: (typeof METHODS)[number];
  access: Access;
}

let routes: SystemRoute[] | undefined;

/** Every documented method of every route file with its access level; fixed per process. */
async function systemRoutes(): Promise<SystemRoute[]> {
  if (routes) return routes;
  // Lazy: the table imports every route module, the one serving this document included.
  const { routeFiles } = await import('@/lib/http/route-table.generated');
  routes = routeFiles.flatMap(({ pattern, module }) =>
    METHODS.flatMap((method) => {
      const handler = (module as Record<string, unknown>)[method];
      if (typeof handler !== 'function') return [];
      const spec = (handler as { spec?: { access?: Access } }).spec;
      return [{ pattern, method, access: spec?.access ?? 'user' }];
    }),
  );
  return routes;
}

/**
 * Whether the caller may use a system route: administrators all of them, anonymous callers
 * the public ones, others every non-admin one, except that the plain collection endpoints
 * of a system collection (`/api/users`, `/api/users/[id]`) need a permission on it.
 */
function usable(
  route: SystemRoute,
  schema: SchemaOverview,
  permissions: Permissions,
  signedIn: boolean,
): boolean {
  if (permissions.admin) return true;
  if (route.access === 'admin') return false;
  if (route.access === 'user' && !signedIn) return false;
  const match = /^\/api\/([a-z_]+)(?:\/\[id\])?$/.exec(route.pattern);
  const collection = match && `daas_${match[1]}`;
  if (!collection || !schema.collections[collection]) return true;
  return permissions.get(collection, ACTION[route.method]) !== null;
}

export interface SystemPart {
  paths: Record<string, PathItemObject>;
  schemas: OpenApiDocument['components']['schemas'];
  tags: string[];
}

/** The generic document's operations the caller may use, item endpoints left out. */
export async function systemPart(
  schema: SchemaOverview,
  permissions: Permissions,
  signedIn: boolean,
): Promise<SystemPart> {
  const generic = await openApiDocument();
  const paths: Record<string, PathItemObject> = {};
  const tags = new Set<string>();
  for (const route of await systemRoutes()) {
    if (route.pattern === '/api/[...path]' || route.pattern.startsWith('/api/items/')) continue;
    if (!usable(route, schema, permissions, signedIn)) continue;
    const { path } = openApiPath(route.pattern);
    const method = route.method.toLowerCase() as keyof PathItemObject;
    const operation = generic.paths[path]?.[method];
    if (!operation) continue;
    for (const tag of operation.tags ?? []) tags.add(tag);
    paths[path] = { ...paths[path], [method]: operation };
  }
  return { paths, schemas: generic.components.schemas, tags: [...tags].sort() };
}
