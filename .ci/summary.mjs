// Adds up the vitest JSON reports of a CI run into one closing line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of [
  'embedded.json',
  'postgres.json',
  'pgbouncer.json',
  'replica.json',
  'e2e.json',
  'prod-stage.json',
]) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    // A run that wrote no report never got to run its tests: count it as a failure.
    failed++;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A file that failed to load has no failed test of its own but must still count.
  for (const suite of r.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (suite.status === 'failed' && failedTests.length === 0) failed++;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
