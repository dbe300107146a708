import 'server-only';
import { anonymous } from '@/lib/core/accountability';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import { getDb, type Db } from '@/lib/db/client';
import { emitter, type HookContext } from '@/lib/events/emitter';
import { getSchema } from '@/lib/schema/overview';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { runExtension, visibleAccountability, type StoredExtension } from './run';
import { SandboxError } from './sandbox';
import { runtimeDb } from './tables';

const TOPIC = 'runtime-extensions';
const holder = globalThis as typeof globalThis & {
  __daasRuntimeHooks?: { off: (() => void)[]; listening: boolean; chain: Promise<void> };
};
const state = (holder.__daasRuntimeHooks ??= {
  off: [],
  listening: false,
  chain: Promise.resolve(),
});

async function ctxOf(hook: HookContext): Promise<RequestContext> {
  const db = getDb();
  return {
    db,
    schema: await getSchema(db),
    accountability: hook.accountability ?? anonymous(null, null),
    scope: hook.resourceUri,
    requestId: 'hook',
  };
}

function hookArgs(index: number, hook: HookContext, rest: Record<string, unknown>) {
  return {
    index,
    ...rest,
    hookContext: {
      schema: null,
      accountability: visibleAccountability(hook.accountability),
      resourceUri: hook.resourceUri,
    },
  };
}

/** Registers one hook extension's handlers; each call runs in an isolate of its own. */
async function register(ext: StoredExtension): Promise<void> {
  const setup = await runExtension({
    ext,
    kind: 'hook',
    args: {},
    ctx: await ctxOf({ schema: null, accountability: null }),
  });
  const handlers = Array.isArray(setup) ? (setup as [string, string][]) : [];
  handlers.forEach(([kind, event], index) => {
    if (kind === 'filter') {
      state.off.push(
        emitter().onFilter(event, async (payload, meta, hook) => {
          try {
            const out = await runExtension({
              ext,
              kind: 'hook',
              args: hookArgs(index, hook, { payload, meta }),
              ctx: await ctxOf(hook),
            });
            return out === undefined ? payload : out;
          } catch (err) {
            // A thrown error rejects the operation with its message (validation); a crash,
            // timeout or memory overrun is a generic 500.
            if (err instanceof SandboxError || !(err instanceof Error)) throw err;
            throw new InvalidPayloadError(err.message.slice(0, 500));
          }
        }),
      );
    } else {
      state.off.push(
        emitter().onAction(event, async (meta, hook) => {
          await runExtension({
            ext,
            kind: 'hook',
            args: hookArgs(index, hook, { meta }),
            ctx: await ctxOf(hook),
          });
        }),
      );
    }
  });
}

/**
 * Drops this process's runtime hooks and registers the enabled ones again. After a change
 * made here (`announce`), the other processes do the same (sibling bus / Redis).
 */
export function reloadHooks(db: Db = getDb(), announce = false): Promise<void> {
  if (!state.listening) {
    state.listening = true;
    // Not per request while Redis is away: a reload loads extension code, and hooks are
    // reloaded once the notices flow again.
    onSiblingNotice(TOPIC, () => void reloadHooks().catch(() => undefined), {
      refreshWhileDeaf: false,
    });
  }
  // One reload at a time, so two quick changes never register a hook twice.
  const next = state.chain.catch(() => undefined).then(() => reload(db));
  state.chain = next;
  return next.then(() => {
    if (announce) tellSiblings(TOPIC);
  });
}

async function reload(db: Db): Promise<void> {
  for (const off of state.off.splice(0)) off();
  const rows = await runtimeDb(db)
    .selectFrom('daas_extensions')
    .select(['id', 'name', 'type', 'source', 'enabled', 'run_as'])
    .where('type', '=', 'hook')
    .where('enabled', '=', true)
    .orderBy('name')
    .execute();
  for (const ext of rows) {
    try {
      await register(ext);
    } catch (err) {
      logger.warn(
        { extension: ext.name, err: err instanceof Error ? err.message : String(err) },
        'runtime hook extension not registered',
      );
    }
  }
}
