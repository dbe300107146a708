import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiHandler } from '@/lib/http/api-handler';
import { compileRoutes, matchRoute, type RouteModule } from '@/lib/http/route-match';
import { routeFiles } from '@/lib/http/route-table.generated';

const root = path.resolve(import.meta.dirname, '../../..');

// Found here independently of scripts/gen-routes.ts, so a generator bug cannot hide a route.
function scan(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scan(full);
    return entry.name === 'route.ts' ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

describe('the generated route table', () => {
  it('lists every app/api route file exactly once', () => {
    const onDisk = scan(path.join(root, 'app/api')).sort();
    expect(onDisk.length).toBeGreaterThan(1);
    expect(routeFiles.map((r) => r.file).sort()).toEqual(onDisk);
  });

  it('gives each file the URL of its folder, without route groups', () => {
    for (const r of routeFiles) {
      const expected =
        '/' +
        path
          .dirname(r.file)
          .replace(/^app\//, '')
          .replace(/\/?\([^/]+\)/g, '');
      expect(r.pattern).toBe(expected);
    }
  });

  it.each(routeFiles.map((r) => [r.file, r.module] as const))(
    '%s exports OPTIONS and at least one other method, each servable without Next',
    (_file, module) => {
      expect(typeof module.OPTIONS).toBe('function');
      const handlers = Object.keys(module).filter((k) => typeof module[k] === 'function');
      expect(handlers.length).toBeGreaterThan(1);
      for (const name of handlers) {
        expect(typeof (module[name] as { handle?: unknown }).handle, name).toBe('function');
      }
    },
  );
});

const handler = apiHandler(async () => ({ status: 204, headers: {}, body: null }));
const mod: RouteModule = { GET: handler };
const table = compileRoutes(
  [
    '/api/[...path]',
    '/api/items/[collection]',
    '/api/items/[collection]/[id]',
    '/api/items/special',
    '/api/files/[[...rest]]',
    '/api/server/ping',
  ].map((pattern) => ({ pattern, file: `${pattern}/route.ts`, module: mod })),
);

function match(pathname: string) {
  const found = matchRoute(table, pathname);
  return found && { pattern: found.route.pattern, params: found.params };
}

describe('matching a path against the table', () => {
  it('prefers a static segment over a dynamic one', () => {
    expect(match('/api/items/special')).toEqual({ pattern: '/api/items/special', params: {} });
  });

  it('prefers a dynamic segment over the catch-all', () => {
    expect(match('/api/items/articles')).toEqual({
      pattern: '/api/items/[collection]',
      params: { collection: 'articles' },
    });
    expect(match('/api/items/articles/7')?.params).toEqual({ collection: 'articles', id: '7' });
  });

  it('sends an unknown path to the catch-all with its segments', () => {
    expect(match('/api/nope/deeper')).toEqual({
      pattern: '/api/[...path]',
      params: { path: ['nope', 'deeper'] },
    });
    expect(match('/api/items/a/b/c')?.pattern).toBe('/api/[...path]');
  });

  it('matches an optional catch-all with and without segments', () => {
    expect(match('/api/files')).toEqual({ pattern: '/api/files/[[...rest]]', params: {} });
    expect(match('/api/files/a/b')?.params).toEqual({ rest: ['a', 'b'] });
  });

  it('decodes percent-encoded parameters', () => {
    expect(match('/api/items/my%20table/a%2Fb')?.params).toEqual({
      collection: 'my table',
      id: 'a/b',
    });
  });

  it('ignores a trailing slash', () => {
    expect(match('/api/server/ping/')?.pattern).toBe('/api/server/ping');
  });

  it('finds nothing for a malformed escape or a path outside the API', () => {
    expect(match('/api/items/%E0%A4%A')).toBeNull();
    expect(match('/en/login')).toBeNull();
  });
});
