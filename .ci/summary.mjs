// Adds up the vitest JSON reports of a CI run into one closing line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const name of ['embedded.json', 'postgres.json', 'e2e.json']) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    if (name !== 'e2e.json') missing++;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
failed += missing;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
