import 'server-only';
import pkg from '@/package.json';
import { publicUrl } from '@/lib/core/config';
import { buildOperation, openApiPath, type AnySpec } from './operation';
import type { HttpMethod, OpenApiDocument } from './types';
import type { SchemaObject } from './zod-schema';

/** A route file as the generated route table lists it: URL pattern and exported handlers. */
export interface RouteSource {
  pattern: string;
  module: Record<string, unknown>;
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** The catch-all only answers "route not found"; it is not an endpoint anyone calls. */
const NOT_DOCUMENTED = new Set(['/api/[...path]']);

/** One field at fault, as `fields` lists them (see fieldExtensions in lib/core/errors). */
const FIELD_PROBLEM: SchemaObject = {
  type: 'object',
  properties: {
    field: { type: 'string', description: 'The payload key at fault (first path segment)' },
    type: {
      type: 'string',
      description:
        'What failed: required, unique, invalid_type, max_length, range, unknown_field, a zod issue code or the validation rule operator (_eq, _starts_with...)',
    },
    message: { type: 'string', description: "The problem in this field's own words" },
    path: {
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      description: 'Where inside the value, when deeper than the field',
    },
  },
  required: ['field', 'type', 'message'],
};

/**
 * Extensions of an error about fields, as Directus names them for FAILED_VALIDATION: `field`
 * and `type` of the first problem, and `fields`, every problem.
 */
const FIELD_EXTENSIONS: Record<string, SchemaObject> = {
  field: { type: 'string', description: 'The (first) field at fault' },
  type: { type: 'string', description: 'What failed for that field' },
  path: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
  fields: { type: 'array', items: FIELD_PROBLEM, description: 'Every field at fault' },
};

const ERROR_SCHEMAS: Record<string, SchemaObject> = {
  SimpleError: {
    type: 'object',
    properties: {
      error: { type: 'string' },
      code: {
        type: 'string',
        description: 'INVALID_PAYLOAD, FAILED_VALIDATION, RECORD_NOT_UNIQUE, FORBIDDEN...',
      },
      extensions: {
        type: 'object',
        description: 'Present when the error is about fields of the payload',
        properties: FIELD_EXTENSIONS,
      },
    },
    required: ['error'],
  },
  StructuredError: {
    type: 'object',
    description: 'One entry; an error about fields lists them in its extensions.',
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            extensions: {
              type: 'object',
              properties: { code: { type: 'string' }, ...FIELD_EXTENSIONS },
              required: ['code'],
            },
          },
          required: ['message', 'extensions'],
        },
      },
    },
    required: ['errors'],
  },
};

function specOf(handler: unknown): AnySpec | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as { spec?: AnySpec }).spec ?? {};
}

/** The OpenAPI 3.0 document for a set of route files; pure, so it can be built from any table. */
export function buildDocument(
  routes: RouteSource[],
  info: { version: string; serverUrl: string },
): OpenApiDocument {
  const components: Record<string, SchemaObject> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const sorted = [...routes].sort((a, b) => (a.pattern < b.pattern ? -1 : 1));
  for (const { pattern, module } of sorted) {
    if (NOT_DOCUMENTED.has(pattern)) continue;
    const { path } = openApiPath(pattern);
    for (const method of METHODS) {
      const spec = specOf(module[method]);
      if (!spec) continue;
      for (const tag of spec.tags ?? []) tags.add(tag);
      paths[path] ??= {};
      paths[path][method.toLowerCase() as HttpMethod] = buildOperation({
        method,
        pattern,
        spec,
        components,
      });
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'DaaS API',
      version: info.version,
      description: 'REST API over the PostgreSQL database, governed by roles and policies.',
    },
    servers: [{ url: info.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components, ...ERROR_SCHEMAS },
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

let cached: OpenApiDocument | undefined;

/** This process's document: the route table does not change while it runs. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  if (cached) return cached;
  // Imported lazily: the table imports every route module, this one's included.
  const { routeFiles } = await import('@/lib/http/route-table.generated');
  cached = buildDocument(routeFiles, { version: pkg.version, serverUrl: publicUrl() });
  return cached;
}
