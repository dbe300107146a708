import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '@/lib/http/route';
import { buildDocument } from '@/lib/http/openapi/document';
import { operationId } from '@/lib/http/openapi/operation';
import { rawResponse } from '@/lib/http/openapi/raw';

const noop = async () => null;
const item = z.object({ id: z.number().int(), title: z.string().nullable() });

const routes = [
  {
    pattern: '/api/[...path]',
    module: { GET: route({ access: 'public' }, noop) },
  },
  {
    pattern: '/api/things/[collection]/[id]',
    module: {
      GET: route(
        {
          params: z.object({
            collection: z.string().meta({ description: 'Collection name' }),
            id: z.string(),
          }),
          query: z.object({
            fields: z.array(z.string()).optional(),
            limit: z.coerce.number().int().optional(),
            filter: z.record(z.string(), z.unknown()).optional(),
          }),
          summary: 'Read a thing',
          tags: ['Things'],
          response: item,
        },
        noop,
      ),
      PATCH: route(
        { body: z.object({ title: z.string() }).strict(), response: item, tags: ['Things'] },
        noop,
      ),
      DELETE: route({ access: 'admin', status: 204, tags: ['Admin'] }, noop),
      OPTIONS: noop,
    },
  },
  {
    pattern: '/api/auth/thing',
    module: {
      POST: route(
        { access: 'public', status: 201, body: z.object({ token: z.string() }).optional() },
        noop,
      ),
    },
  },
  {
    pattern: '/api/probe',
    module: {
      GET: route(
        { access: 'public', response: rawResponse(z.literal('pong'), 'text/plain') },
        noop,
      ),
    },
  },
  { pattern: '/api/ext/[...rest]', module: { GET: noop } },
];

const doc = buildDocument(routes, { version: '1.2.3', serverUrl: 'https://daas.example' });
const things = doc.paths['/api/things/{collection}/{id}'];

describe('buildDocument', () => {
  it('builds a document that passes an OpenAPI 3.0 validator', async () => {
    const result = await new Validator().validate(
      JSON.parse(JSON.stringify(doc)) as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.2.3');
    expect(doc.servers).toEqual([{ url: 'https://daas.example' }]);
  });

  it('lists the method handlers of each route and leaves out preflight and the catch-all', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/auth/thing',
      '/api/ext/{rest}',
      '/api/probe',
      '/api/things/{collection}/{id}',
    ]);
    expect(Object.keys(things).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.tags).toEqual([{ name: 'Admin' }, { name: 'Things' }]);
  });

  it('declares path parameters from the pattern and query parameters from the query schema', () => {
    expect(things.get?.parameters).toEqual([
      {
        name: 'collection',
        in: 'path',
        required: true,
        description: 'Collection name',
        schema: { type: 'string' },
      },
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'fields',
        in: 'query',
        required: false,
        schema: { type: 'array', items: { type: 'string' } },
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer' }),
      },
      {
        name: 'filter',
        in: 'query',
        required: false,
        schema: { type: 'object', additionalProperties: {} },
        style: 'deepObject',
        explode: true,
      },
    ]);
    expect(things.delete?.parameters).toHaveLength(2);
    expect(doc.paths['/api/ext/{rest}'].get?.parameters).toEqual([
      { name: 'rest', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('describes request bodies, required unless the schema accepts none', () => {
    expect(things.patch?.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { title: { type: 'string' } },
            required: ['title'],
            additionalProperties: false,
          },
        },
      },
    });
    expect(doc.paths['/api/auth/thing'].post?.requestBody?.required).toBe(false);
    expect(things.get?.requestBody).toBeUndefined();
  });

  it('wraps responses in the data envelope by success status', () => {
    expect(things.get?.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            id: expect.objectContaining({ type: 'integer' }),
            title: { type: 'string', nullable: true },
          },
          required: ['id', 'title'],
        },
      },
      required: ['data'],
    });
    expect(things.delete?.responses['204']).toEqual({ description: 'No content' });
    expect(things.delete?.responses['200']).toBeUndefined();
    expect(doc.paths['/api/auth/thing'].post?.responses['201'].description).toBe('Created');
    expect(doc.paths['/api/probe'].get?.responses['200'].content).toEqual({
      'text/plain': { schema: { type: 'string', enum: ['pong'] } },
    });
  });

  it('describes the fields an error names, in both error shapes', () => {
    const schemas = doc.components.schemas as Record<string, Record<string, any>>;
    const simple = schemas.SimpleError.properties.extensions.properties;
    expect(Object.keys(simple)).toEqual(['field', 'type', 'path', 'fields']);
    expect(simple.fields.items.required).toEqual(['field', 'type', 'message']);
    const entry = schemas.StructuredError.properties.errors.items.properties.extensions;
    expect(Object.keys(entry.properties)).toEqual(['code', 'field', 'type', 'path', 'fields']);
    expect(entry.required).toEqual(['code']);
  });

  it('picks the error body shape by path', () => {
    const ref = (s: { $ref?: unknown } | undefined) => s?.$ref;
    expect(
      ref(doc.paths['/api/auth/thing'].post?.responses['401'].content?.['application/json'].schema),
    ).toBe('#/components/schemas/SimpleError');
    expect(ref(things.get?.responses['404'].content?.['application/json'].schema)).toBe(
      '#/components/schemas/StructuredError',
    );
    expect(Object.keys(things.get?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
    ]);
  });

  it('requires a credential except on public operations', () => {
    expect(things.get?.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(things.delete?.description).toBe('Administrators only.');
    expect(doc.paths['/api/probe'].get?.security).toBeUndefined();
    expect(doc.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'daas_session',
    });
  });

  it('derives operationIds from method and path', () => {
    expect(operationId('GET', '/api/server/ping')).toBe('get_server_ping');
    expect(operationId('PATCH', '/api/items/[collection]/[id]')).toBe('patch_items_collection_id');
    expect(operationId('GET', '/api/docs/openapi.json')).toBe('get_docs_openapi_json');
    expect(things.patch?.operationId).toBe('patch_things_collection_id');
  });
});
