import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

/** Runs the project's rules over the studio fixture tree, named relative to its root. */
async function violations(): Promise<string[]> {
  const result = await cruise(['components'], {
    baseDir: path.join(root, 'tests/fixtures/studio'),
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

// `npm run lint` runs the same rules over the project itself (`depcruise lib app components`).
describe('the studio import rules', () => {
  it('refuse sideways imports, server values and a kit that reaches into a feature', async () => {
    expect(await violations()).toEqual([
      'studio-feature-server-code: components/studio/access/server-value.ts -> lib/schema/types.ts',
      'studio-feature-sideways: components/studio/access/sideways.ts -> components/studio/runtime/service-row.ts',
      'studio-feature-sideways: components/studio/access/sideways.ts -> components/studio/studio-shell.ts',
      'studio-feature-sideways: components/studio/content/item-editor.ts -> components/studio/access/role-row.ts',
      'studio-kit-below-features: components/studio/kit/reaches-feature.ts -> components/studio/access/role-row.ts',
    ]);
  });

  it('stay quiet on the kit, ui, lib/client, own files, server types and declared composition', async () => {
    const found = await violations();
    for (const quiet of [
      'access/allowed.ts',
      'content/item-editor.ts -> components/studio/versions',
    ]) {
      expect(found.filter((v) => v.includes(quiet))).toEqual([]);
    }
  });
});
