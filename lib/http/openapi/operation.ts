import type { z } from 'zod';
import type { RouteSpec } from '@/lib/http/route';
import { errorShapeFor } from '@/lib/http/shapes';
import { rawMediaType } from './raw';
import type { OperationObject, ParameterObject, ResponseObject } from './types';
import { toOpenApiSchema, type SchemaObject } from './zod-schema';

export type AnySpec = RouteSpec<unknown, unknown, unknown>;

export const SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];

const JSON_TYPE = 'application/json';

const ERRORS: Record<string, string> = {
  '400': 'Invalid input',
  '401': 'Not authenticated',
  '403': 'Forbidden',
  '404': 'Not found',
};

/** `/api/items/[collection]/[...path]` → `/api/items/{collection}/{path}` and its parameter names. */
export function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(/\[{1,2}(?:\.\.\.)?(\w+)\]{1,2}/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** `GET /api/items/[collection]` → `get_items_collection`: stable across builds. */
export function operationId(method: string, pattern: string): string {
  const words = pattern
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter(Boolean);
  return [method.toLowerCase(), ...words].join('_');
}

function propertiesOf(schema: SchemaObject): {
  props: Record<string, SchemaObject>;
  required: Set<string>;
} {
  const props = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return { props, required };
}

function takeDescription(schema: SchemaObject): { schema: SchemaObject; description?: string } {
  const { description, ...rest } = schema;
  return typeof description === 'string' ? { schema: rest, description } : { schema };
}

function pathParameters(
  names: string[],
  spec: AnySpec,
  components: Record<string, SchemaObject>,
  id: string,
): ParameterObject[] {
  const converted = spec.params
    ? toOpenApiSchema(spec.params, { components, name: `${id}_params` })
    : {};
  const { props } = propertiesOf(converted);
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...takeDescription(props[name] ?? { type: 'string' }),
  }));
}

function queryParameters(
  spec: AnySpec,
  components: Record<string, SchemaObject>,
  id: string,
): ParameterObject[] {
  if (!spec.query) return [];
  const { props, required } = propertiesOf(
    toOpenApiSchema(spec.query, { components, name: `${id}_query` }),
  );
  return Object.entries(props).map(([name, prop]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...takeDescription(prop),
    // Nested values (Directus-style `filter[field][_eq]=`) are sent as deep objects.
    ...(prop.type === 'object' ? { style: 'deepObject' as const, explode: true } : {}),
  }));
}

function successResponse(
  spec: AnySpec,
  status: number,
  components: Record<string, SchemaObject>,
  id: string,
): ResponseObject {
  if (status === 204) return { description: 'No content' };
  const description = status === 201 ? 'Created' : 'Success';
  // Described as input: responses are never parsed on the way out, so objects stay open.
  const schema = spec.response
    ? toOpenApiSchema(spec.response, { components, name: `${id}_response` })
    : {};
  const raw = rawMediaType(spec.response);
  if (raw) return { description, content: { [raw]: { schema } } };
  return {
    description,
    content: {
      [JSON_TYPE]: {
        schema: { type: 'object', properties: { data: schema }, required: ['data'] },
      },
    },
  };
}

function errorResponses(spec: AnySpec, pattern: string): Record<string, ResponseObject> {
  const shape = spec.shape ?? errorShapeFor(pattern);
  const ref = `#/components/schemas/${shape === 'simple' ? 'SimpleError' : 'StructuredError'}`;
  return Object.fromEntries(
    Object.entries(ERRORS).map(([code, description]) => [
      code,
      { description, content: { [JSON_TYPE]: { schema: { $ref: ref } } } },
    ]),
  );
}

function requestBody(
  body: z.ZodType,
  components: Record<string, SchemaObject>,
  id: string,
): NonNullable<OperationObject['requestBody']> {
  return {
    // A body schema that accepts no body at all makes the body optional.
    required: !body.safeParse(undefined).success,
    content: { [JSON_TYPE]: { schema: toOpenApiSchema(body, { components, name: `${id}_body` }) } },
  };
}

/** One handler's RouteSpec as an OpenAPI operation; hoisted schemas land in `components`. */
export function buildOperation(input: {
  method: string;
  pattern: string;
  spec: AnySpec;
  components: Record<string, SchemaObject>;
}): OperationObject {
  const { method, pattern, spec, components } = input;
  const id = operationId(method, pattern);
  const { params } = openApiPath(pattern);
  const status = spec.status ?? 200;
  const access = spec.access ?? 'user';
  const parameters = [
    ...pathParameters(params, spec, components, id),
    ...queryParameters(spec, components, id),
  ];
  const op: OperationObject = {
    operationId: id,
    ...(spec.summary ? { summary: spec.summary } : {}),
    ...(access === 'admin' ? { description: 'Administrators only.' } : {}),
    ...(spec.tags?.length ? { tags: [...spec.tags] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body, components, id) } : {}),
    responses: {
      [String(status)]: successResponse(spec, status, components, id),
      ...errorResponses(spec, pattern),
    },
  };
  if (access !== 'public') op.security = SECURITY;
  return op;
}
