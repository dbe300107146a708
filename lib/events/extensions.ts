import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { config } from '@/lib/core/config';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/core/logger';
import { emitter, type Emitter } from './emitter';

/** What a file-based hook extension receives besides the emitter. */
export interface ExtensionContext {
  logger: typeof logger;
  /** The service's own database client (bypasses item permissions). */
  database: ReturnType<typeof getDb>;
}

export type HookExtension = (emitter: Emitter, context: ExtensionContext) => void | Promise<void>;

const holder = globalThis as typeof globalThis & { __daasExtensions?: Promise<string[]> };

/**
 * Registers every `.js`/`.mjs` module in `dir` on the process emitter, in name order.
 * A module that fails to load, has no default-exported function, or throws while
 * registering is logged and skipped: one broken extension must not keep the service down.
 * Returns the files that registered.
 */
export async function loadHookExtensions(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => /\.(m?js)$/.test(n)).sort();
  } catch {
    return [];
  }
  const loaded: string[] = [];
  const context: ExtensionContext = { logger, database: getDb() };
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      // Loaded at run time from the file system: the bundler must leave this import alone.
      const mod = (await import(
        /* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(file).href
      )) as {
        default?: unknown;
      };
      if (typeof mod.default !== 'function') {
        logger.warn(
          { extension: name },
          'hook extension has no default-exported function; skipped',
        );
        continue;
      }
      await (mod.default as HookExtension)(emitter(), context);
      loaded.push(name);
    } catch (err) {
      logger.error(
        { extension: name, err: err instanceof Error ? err.message : String(err) },
        'hook extension failed to load; skipped',
      );
    }
  }
  if (loaded.length) logger.info({ extensions: loaded }, 'hook extensions loaded');
  return loaded;
}

/** `EXTENSIONS_PATH/hooks/`, once per process. */
export function loadExtensions(): Promise<string[]> {
  holder.__daasExtensions ??= loadHookExtensions(path.resolve(config().EXTENSIONS_PATH, 'hooks'));
  return holder.__daasExtensions;
}
