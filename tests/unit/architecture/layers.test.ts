import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

/** Runs the project's layer rules over a tree whose files are named relative to `baseDir`. */
async function violations(baseDir: string, paths: string[]): Promise<string[]> {
  const result = await cruise(paths, {
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

// `npm run lint` runs the same rules over the project itself (`depcruise lib app`).
describe('the layer table', () => {
  it('refuses each kind of import that breaks it, and allows a binding to use HTTP', async () => {
    const found = await violations(path.join(root, 'tests/fixtures/layers'), ['lib']);
    expect(found).toEqual([
      'access-and-events-below-services: lib/access/a.ts -> lib/auth/service.ts',
      'bindings-only-from-app: lib/schema/uses-binding.ts -> lib/items/http.ts',
      'db-floor: lib/db/reaches-up.ts -> lib/auth/service.ts',
      'domain-never-imports-http: lib/items/service.ts -> lib/http/route.ts',
      'ground-floor-imports-nothing: lib/core/reaches-up.ts -> lib/items/service.ts',
      'no-cycles-in-lib: lib/access/a.ts -> lib/access/b.ts',
    ]);
  });
});
