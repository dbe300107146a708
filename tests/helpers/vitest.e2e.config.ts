import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

/** Over real HTTP against the production build (`npm run build` first). */
export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Every file starts server processes of its own: one file at a time is enough for two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    experimental: { fsModuleCache: true },
  },
});
