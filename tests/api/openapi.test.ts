import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import pkg from '@/package.json';
import { publicUrl } from '@/lib/core/config';
import type { RouteSpec } from '@/lib/http/route';
import { errorShapeFor } from '@/lib/http/shapes';
import type { OpenApiDocument, OperationObject } from '@/lib/http/openapi/types';
import { setupTestApp } from '../helpers/app';

const app = setupTestApp();

const root = path.resolve(import.meta.dirname, '../..');
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type Spec = RouteSpec<unknown, unknown, unknown>;

interface Endpoint {
  file: string;
  path: string;
  method: (typeof METHODS)[number];
  spec: Spec;
}

// Found on disk rather than through the generated table, so a route file the table (and
// therefore the document) misses shows up here.
function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : e.name === 'route.ts' ? [full] : [];
  });
}

async function endpoints(): Promise<Endpoint[]> {
  const files = routeFiles(path.join(root, 'app/api'));
  const all = await Promise.all(
    files.map(async (file) => {
      const rel = path.relative(path.join(root, 'app'), path.dirname(file)).split(path.sep);
      const pattern = '/' + rel.filter((s) => !/^\(.*\)$/.test(s)).join('/');
      const apiPath = pattern.replace(/\[{1,2}(?:\.\.\.)?(\w+)\]{1,2}/g, '{$1}');
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      return METHODS.filter((m) => typeof mod[m] === 'function').map((method) => ({
        file: path.relative(root, file),
        path: apiPath,
        method,
        spec: ((mod[method] as { spec?: Spec }).spec ?? {}) as Spec,
      }));
    }),
  );
  return all.flat().filter((e) => e.file !== path.join('app', 'api', '[...path]', 'route.ts'));
}

function operation(doc: OpenApiDocument, e: Endpoint): OperationObject | undefined {
  return doc.paths[e.path]?.[e.method.toLowerCase() as 'get'];
}

let doc: OpenApiDocument;
let routes: Endpoint[];

beforeAll(async () => {
  const res = await app.request('/api/docs/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
  routes = await endpoints();
});

describe('GET /api/docs/openapi.json', () => {
  it('answers an OpenAPI 3.0 document without credentials', async () => {
    const res = await app.request('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.0\.\d+$/);
    expect(res.body.info.version).toBe(pkg.version);
    expect(res.body.servers).toEqual([{ url: publicUrl() }]);
  });

  it('passes an OpenAPI 3.0 schema validator', async () => {
    const res = await app.request('/api/docs/openapi.json');
    const result = await new Validator().validate(res.body as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every exported method of every route file', () => {
    expect(routes.length).toBeGreaterThan(2);
    const missing = routes.filter((e) => !operation(doc, e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('documents nothing that is not a route, and not the catch-all 404', () => {
    const known = new Set(routes.map((e) => `${e.method.toLowerCase()} ${e.path}`));
    const documented = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m} ${p}`),
    );
    expect(documented.filter((d) => !known.has(d))).toEqual([]);
    expect(doc.paths['/api/{path}']).toBeUndefined();
    expect(doc.paths['/api/docs/openapi.json']?.get?.operationId).toBe('get_docs_openapi_json');
  });

  it('declares every path parameter as a required path parameter', () => {
    const undeclared = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).flatMap(([method, op]) =>
        [...p.matchAll(/\{(\w+)\}/g)]
          .map((m) => m[1])
          .filter(
            (name) => !op.parameters?.some((x) => x.in === 'path' && x.name === name && x.required),
          )
          .map((name) => `${method} ${p}: ${name}`),
      ),
    );
    expect(undeclared).toEqual([]);
  });

  it('gives a JSON request body to every route that takes a body', () => {
    const withBody = routes.filter((e) => e.spec.body);
    const lacking = withBody
      .filter((e) => !operation(doc, e)?.requestBody?.content['application/json']?.schema)
      .map((e) => `${e.method} ${e.path}`);
    expect(lacking).toEqual([]);
    const withoutBody = routes.filter((e) => !e.spec.body);
    expect(withoutBody.filter((e) => operation(doc, e)?.requestBody)).toEqual([]);
  });

  it('asks for a credential on every operation except the public ones', () => {
    const wrong = routes
      .filter((e) => (e.spec.access === 'public') === Boolean(operation(doc, e)?.security))
      .map((e) => `${e.method} ${e.path}`);
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/server/ping']?.get?.security).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
    ]);
  });

  it('describes errors in the body shape each path answers with', () => {
    const wrong = routes
      .filter((e) => {
        const shape = e.spec.shape ?? errorShapeFor(e.path);
        const name = shape === 'simple' ? 'SimpleError' : 'StructuredError';
        const responses = operation(doc, e)?.responses ?? {};
        return ['400', '401', '403', '404'].some(
          (s) =>
            responses[s]?.content?.['application/json']?.schema.$ref !==
            `#/components/schemas/${name}`,
        );
      })
      .map((e) => `${e.method} ${e.path}`);
    expect(wrong).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['SimpleError', 'StructuredError']),
    );
  });

  it('gives every operation a distinct operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
