import 'server-only';
import pkg from '@/package.json';
import { permissionsFor, type Permissions } from '@/lib/access/permissions';
import { publicUrl } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import type { SchemaOverview } from '@/lib/schema/overview';
import { collectionSpec } from './collection-paths';
import { systemPart } from './system-paths';

export type CallerDocument = { [key: string]: unknown; paths: Record<string, unknown> };

/*
 * A new overview object comes with every schema version and a new permissions object with
 * every access change, so keying on both objects regenerates exactly when either changes.
 */
const cache = new WeakMap<SchemaOverview, WeakMap<Permissions, Map<string, CallerDocument>>>();

/** Builds the document; pure apart from the generic document it borrows system paths from. */
export async function buildCallerDocument(
  schema: SchemaOverview,
  permissions: Permissions,
  signedIn: boolean,
): Promise<CallerDocument> {
  const items = collectionSpec(schema, permissions);
  const system = await systemPart(schema, permissions, signedIn);
  return {
    openapi: '3.1.0',
    info: {
      title: 'DaaS API',
      version: pkg.version,
      description: 'The collections and endpoints this caller may use, with their fields.',
    },
    servers: [{ url: publicUrl() }],
    tags: [...items.tags, ...system.tags.map((name) => ({ name }))],
    // Group names must differ from tag names: the renderer opens and closes a group and a
    // tag of the same name together (there is a system tag "Collections").
    'x-tagGroups': [
      { name: 'Items', tags: items.tags.map((t) => t.name) },
      { name: 'System', tags: system.tags },
    ],
    paths: { ...items.paths, ...system.paths },
    components: {
      schemas: { ...system.schemas, ...items.schemas },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT access token or static token',
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'daas_session' },
      },
    },
  };
}

/** GET /api/server/specs/oas: the OpenAPI 3.1 document of what this caller may do. */
export async function callerDocument(ctx: RequestContext): Promise<CallerDocument> {
  const who = ctx.accountability;
  const [schema, permissions] = await Promise.all([ctx.schema, permissionsFor(ctx.db, who)]);
  const key = who.user ? 'user' : 'anonymous';
  let byPermissions = cache.get(schema);
  if (!byPermissions) cache.set(schema, (byPermissions = new WeakMap()));
  let byCaller = byPermissions.get(permissions);
  if (!byCaller) byPermissions.set(permissions, (byCaller = new Map()));
  const hit = byCaller.get(key);
  if (hit) return hit;
  const doc = await buildCallerDocument(schema, permissions, !!who.user);
  byCaller.set(key, doc);
  return doc;
}
