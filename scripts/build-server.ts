/**
 * Bundles server.ts (and everything it imports from this project) into dist/server.mjs.
 * Packages stay external: they are loaded from node_modules at run time, as Next does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export function externalPackages(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  // "next" also covers "next/...": esbuild treats a listed name's subpaths as external too.
  return Object.keys(pkg.dependencies ?? {}).filter((name) => name !== 'server-only');
}

// `server-only` throws unless imported under React's server condition; outside Next it
// marks nothing, so it becomes an empty module.
const serverOnly: Plugin = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: path.join(root, 'lib/empty.ts') }));
  },
};

export async function bundle(options: { entry: string; outfile: string }): Promise<void> {
  await build({
    entryPoints: [path.join(root, options.entry)],
    outfile: path.join(root, options.outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: externalPackages(),
    alias: { '@': root },
    plugins: [serverOnly],
    // CommonJS code inside the bundle may still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await bundle({ entry: 'server.ts', outfile: 'dist/server.mjs' });
  console.log('server bundle: dist/server.mjs');
}
