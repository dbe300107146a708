import 'server-only';
import { bootstrap } from '@/lib/bootstrap';
import { logger } from '@/lib/core/logger';
import { getDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { loadExtensions } from '@/lib/events/extensions';
import { registerWorkflowAutomation } from '@/lib/workflows/automation';

const holder = globalThis as typeof globalThis & { __daasStartup?: Promise<void> };

/** Migrations then bootstrap, once per process however many callers ask. */
export function startup(): Promise<void> {
  holder.__daasStartup ??= (async () => {
    const db = getDb();
    await migrate(db);
    await bootstrap(db);
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
