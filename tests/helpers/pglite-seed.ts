import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an initialised, empty embedded database ('' on PostgreSQL runs). */
    pgliteSeed: string;
  }
}

/**
 * Runs initdb once for the whole run: every test file's embedded database starts as a copy
 * of this one, which saves each file the second or two a fresh PGlite spends creating its
 * cluster. Migrations still run per file, on the copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSeed', '');
    return () => undefined;
  }
  const lite = new PGlite('memory://');
  await lite.waitReady;
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-pglite-seed-'));
  const file = path.join(dir, 'seed.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeed', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
