import 'server-only';
import { bootstrap } from '@/lib/bootstrap';
import { logger } from '@/lib/core/logger';
import { config, serverless } from '@/lib/core/config';
import { getDb } from '@/lib/db/client';
import { ensureWriteTriggers, WORKFLOW_TABLES } from '@/lib/db/write-notices';
import { migrate } from '@/lib/db/migrate';
import { buildOverview } from '@/lib/schema/overview';
import { watchReadTables } from '@/lib/schema/watch-reads';
import { loadExtensions } from '@/lib/events/extensions';
import { shareLogs } from '@/lib/logs/shared';
import { registerWorkflowAutomation } from '@/lib/workflows/automation';

const holder = globalThis as typeof globalThis & { __daasStartup?: Promise<void> };

/** Migrations then bootstrap, once per process however many callers ask. */
export function startup(): Promise<void> {
  holder.__daasStartup ??= (async () => {
    shareLogs();
    const db = getDb();
    // Serverless: migrations and first-start data are a deploy step (`npm run migrate`),
    // never the work of whichever cold start comes first.
    if (serverless()) await (await import('@/lib/serverless')).checkServerless(db);
    else {
      await migrate(db);
      await bootstrap(db);
    }
    // Tables that exist already are watched before the first read (new ones as they are
    // made), so a read never changes the schema. The workflow tables in either mode.
    if (!serverless()) {
      // An overview of its own, not the cached one: that is built on first use, as before.
      const watching = config().READ_CACHE
        ? buildOverview(db).then((schema) => watchReadTables(db, schema))
        : ensureWriteTriggers(db, WORKFLOW_TABLES);
      await watching.catch((err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'write triggers'),
      );
    }
    registerWorkflowAutomation();
    await loadExtensions();
    // Stored hook extensions; a failure here (no isolate support) must not stop the service.
    await (await import('@/lib/runtime/hooks')).reloadHooks(db).catch((err: unknown) => {
      logger.error(
        { err: err instanceof Error ? err.message : String(err) },
        'runtime hook extensions not loaded',
      );
    });
  })();
  holder.__daasStartup.catch(() => (holder.__daasStartup = undefined));
  return holder.__daasStartup;
}
