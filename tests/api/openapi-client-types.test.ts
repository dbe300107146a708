import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import { createItemsFixture, type ItemsFixture } from '../helpers/items-fixture';

/**
 * A client generated from the caller's document must compile against a real collection: the
 * document's paths, query parameters and item schemas are what a developer's code relies on,
 * so a document that loses a path, a field or a type breaks this compilation.
 */
const app = setupTestApp();
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const run = promisify(execFile);

let t: ItemsFixture;
let dir: string;

beforeAll(async () => {
  t = await createItemsFixture({ prefix: 'gen_' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-client-types-'));
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A small typed client for one collection, with the mistakes the types must catch. */
function clientSource(collection: string): string {
  const list = `/api/items/${collection}`;
  return `import type { paths } from './schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type ListOperation = paths['${list}']['get'];
type ListQuery = NonNullable<ListOperation['parameters']['query']>;
type ListAnswer = Json<ListOperation['responses'][200]>;
type CreateBody = Json<paths['${list}']['post']['requestBody']>;
type OneAnswer = Json<paths['${list}/{id}']['get']['responses'][200]>;

// The one runtime call the snippet needs, declared here: the DOM library is slow to compile.
declare function fetch(url: string): Promise<{ json(): Promise<unknown> }>;

async function listItems(query: ListQuery): Promise<ListAnswer> {
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => key + '=' + encodeURIComponent(String(value)))
    .join('&');
  return (await (await fetch('${list}?' + search)).json()) as ListAnswer;
}

export async function sample(): Promise<string[]> {
  const answer = await listItems({ fields: 'id,title,views', limit: 10, sort: '-views' });
  const items = answer.data ?? [];
  const titles: string[] = items.map((item) => item.title ?? '');
  const views: number | null | undefined = items[0]?.views;
  const featured: boolean | null | undefined = items[0]?.featured;
  const create: CreateBody = { title: 'New', views: 3, featured: true, status: 'draft' };
  const batch: CreateBody = [{ title: 'One' }, { title: 'Two' }];
  const one: OneAnswer = { data: { id: 1, title: 'One' } };
  // @ts-expect-error views is a number in the document
  const wrongType: CreateBody = { views: 'many' };
  // @ts-expect-error the collection has no such field
  const unknownField: CreateBody = { no_such_field: 1 };
  // @ts-expect-error limit is an integer parameter
  await listItems({ limit: 'ten' });
  void [views, featured, create, batch, one, wrongType, unknownField];
  return titles;
}
`;
}

async function typeCheck(document: OpenAPI3, collection: string): Promise<string> {
  const ast = await openapiTS(document, { silent: true });
  fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(ast));
  fs.writeFileSync(path.join(dir, 'client.ts'), clientSource(collection));
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022'],
        types: [],
        skipLibCheck: true,
      },
      files: ['client.ts', 'schema.d.ts'],
    }),
  );
  try {
    await run(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir });
    return '';
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return `${err.stdout ?? ''}${err.stderr ?? ''}`.trim() || String(e);
  }
}

describe('a client generated from the OpenAPI document', () => {
  it("compiles a typed request to a collection against an administrator's document", async () => {
    const admin = await app.adminToken();
    const res = await app.request<OpenAPI3>('/api/server/specs/oas', { token: admin });
    expect(res.status).toBe(200);
    expect(await typeCheck(res.body, t.articles)).toBe('');
  });

  it('fails to compile when the document lost the fields the client uses', async () => {
    const admin = await app.adminToken();
    const res = await app.request<OpenAPI3>('/api/server/specs/oas', { token: admin });
    const schemas = res.body.components!.schemas!;
    const name = Object.keys(schemas).find((k) => k === `Item_${t.articles}`)!;
    // The same document with the item schema's typed properties gone: the snippet's
    // expected errors no longer happen and its field reads no longer type.
    schemas[name] = { type: 'object', additionalProperties: true };
    const out = await typeCheck(res.body, t.articles);
    expect(out).toMatch(/client\.ts\(\d+,\d+\): error TS\d+/);
  });
});
