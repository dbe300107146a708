import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The instructions of the last stage (the image that runs). */
function runtimeStage(): string {
  const stages = dockerfile.split(/^FROM /m);
  return stages[stages.length - 1]!;
}

describe('the container image', () => {
  it('keeps its data where it says: DATA_DIR, the volume and the README name one folder', () => {
    const stage = runtimeStage();
    const dataDir = /\bDATA_DIR=(\S+)/.exec(stage)?.[1];
    const volume = /^VOLUME \["([^"]+)"\]/m.exec(stage)?.[1];
    const mounted = /mount a volume at `([^`]+)`/.exec(readme)?.[1];
    expect(dataDir).toBe('/app/.data');
    expect(volume).toBe(dataDir);
    expect(mounted).toBe(dataDir);
    // Created before USER node, owned by it: a fresh named volume copies that ownership.
    expect(stage).toMatch(/mkdir -p \/app\/\.data && chown node:node \/app\/\.data/);
  });

  it('runs on production dependencies only, installed with npm ci --omit=dev', () => {
    const prodDeps = /^FROM \S+ AS prod-deps\n([\s\S]*?)^FROM /m.exec(dockerfile)?.[1] ?? '';
    expect(prodDeps).toMatch(/npm ci --omit=dev/);
    // A clean base: the compiler stays in the build stages.
    expect(runtimeStage()).toMatch(/^node:22-slim AS runtime\n/);
    expect(runtimeStage()).toMatch(/COPY --from=prod-deps \/app\/node_modules \.\/node_modules/);
    expect(runtimeStage()).not.toMatch(/COPY --from=(deps|build) \/app\/node_modules/);
  });
});
