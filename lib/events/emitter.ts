import type { Accountability } from '@/lib/core/accountability';
import { logger } from '@/lib/core/logger';

/** What every hook receives as its last argument (the specification's handler contract). */
export interface HookContext {
  /** The schema overview (lib/schema); opaque here, since events sits below the schema module. */
  schema: object | null;
  accountability: Accountability | null;
  /** Validated scope of the originating request; null = root; undefined = no scope (cron). */
  resourceUri?: string | null;
}

export type HookMeta = {
  collection?: string;
  keys?: unknown[];
  key?: unknown;
  payload?: unknown;
  [k: string]: unknown;
};
export type FilterHandler = (
  payload: unknown,
  meta: HookMeta,
  context: HookContext,
) => unknown | Promise<unknown>;
export type ActionHandler = (meta: HookMeta, context: HookContext) => void | Promise<void>;

/**
 * Filter hooks run before an operation, in registration order, each receiving the previous
 * one's payload; a throw rejects the operation. Action hooks run after it, asynchronously;
 * their failures are logged and never reach the caller.
 */
export class Emitter {
  private readonly filters = new Map<string, FilterHandler[]>();
  private readonly actions = new Map<string, ActionHandler[]>();

  onFilter(event: string, handler: FilterHandler): () => void {
    return add(this.filters, event, handler);
  }

  onAction(event: string, handler: ActionHandler): () => void {
    return add(this.actions, event, handler);
  }

  async emitFilter<T>(
    events: string | string[],
    payload: T,
    meta: HookMeta,
    context: HookContext,
  ): Promise<T> {
    let current: unknown = payload;
    for (const event of ([] as string[]).concat(events)) {
      for (const handler of this.filters.get(event) ?? []) {
        const result = await handler(current, meta, context);
        if (result !== undefined) current = result;
      }
    }
    return current as T;
  }

  emitAction(events: string | string[], meta: HookMeta, context: HookContext): void {
    for (const event of ([] as string[]).concat(events)) {
      for (const handler of this.actions.get(event) ?? []) {
        // Deferred so an action never delays or changes the response.
        setImmediate(() => {
          Promise.resolve()
            .then(() => handler(meta, context))
            .catch((err: unknown) =>
              logger.error(
                { event, err: err instanceof Error ? err.message : String(err) },
                'action hook failed',
              ),
            );
        });
      }
    }
  }

  hasFilters(event: string): boolean {
    return (this.filters.get(event)?.length ?? 0) > 0;
  }
}

function add<H>(map: Map<string, H[]>, event: string, handler: H): () => void {
  const list = map.get(event) ?? [];
  list.push(handler);
  map.set(event, list);
  return () => {
    const i = list.indexOf(handler);
    if (i >= 0) list.splice(i, 1);
  };
}

const holder = globalThis as typeof globalThis & { __daasEmitter?: Emitter };

/** The process-wide emitter that extensions register on. */
export function emitter(): Emitter {
  holder.__daasEmitter ??= new Emitter();
  return holder.__daasEmitter;
}

/** `items.create` and `articles.items.create` for one operation. */
export function itemEvents(collection: string, action: string): string[] {
  return [`items.${action}`, `${collection}.items.${action}`];
}

/** Filter hooks on a collection's reads may change what a read returns, per caller. */
export function readsHooked(collection: string): boolean {
  const e = emitter();
  return [...itemEvents(collection, 'query'), ...itemEvents(collection, 'read')].some((ev) =>
    e.hasFilters(ev),
  );
}
