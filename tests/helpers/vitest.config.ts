import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  resolve: {
    alias: {
      '@': root,
      'server-only': path.join(root, 'tests/helpers/empty.ts'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/pglite-seed.ts'],
    pool: 'forks',
    // Files wait on the database as much as they compute: two at a time on two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    // Transformed modules are kept on disk: each test file runs in a new process, which
    // otherwise compiles the whole app again (about a second per file).
    experimental: { fsModuleCache: true },
  },
});
