/**
 * `npm run migrate`: applies pending migrations and the first-start data (bootstrap), then
 * exits. Safe to run while servers start: both steps take an advisory lock.
 */
import { register } from 'node:module';

// `server-only` throws outside React's server environment; here it marks nothing, so the
// library modules are loaded with it resolved to an empty module.
const hook = `export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,export{}', shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const { getDb, closeDb, dbKind } = await import('@/lib/db/client');
const { migrate } = await import('@/lib/db/migrate');
const { bootstrap } = await import('@/lib/bootstrap');

try {
  const db = getDb();
  const applied = await migrate(db);
  await bootstrap(db);
  console.log(
    applied.length
      ? `migrations applied (${dbKind()}): ${applied.join(', ')}`
      : `database up to date (${dbKind()}): nothing to apply`,
  );
} catch (err) {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => undefined);
}
