import 'server-only';
import { z } from 'zod';
import type { Accountability } from '@/lib/core/accountability';
import { hasModuleKey } from '@/lib/access/module-keys';
import type { Db } from '@/lib/db/client';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';
import { reply, type Reply } from '@/lib/http/reply';
import type { LogEntry } from '@/lib/core/log-buffer';
import { logBuffer } from '@/lib/core/logger';
import type { ApiRequest } from '@/lib/http/api-request';

export const LOGS_MODULE_KEY = 'system:logs';
const HEARTBEAT_MS = 15_000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
const level = z.enum(Object.keys(LEVELS) as [keyof typeof LEVELS, ...(keyof typeof LEVELS)[]]);

export const logsQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  /** Minimum level name: `warn` gives warn, error and fatal. */
  level: level.optional(),
});
export const logStreamQuery = z.object({ level: level.optional() });
export const logEntryResponse = z
  .object({ level: z.number(), time: z.number(), msg: z.string().optional() })
  .loose();

/** Logs are readable by administrators and by holders of the system:logs module key. */
async function assertCanRead(db: Db, accountability: Accountability): Promise<void> {
  if (accountability.admin) return;
  if (!(await hasModuleKey(db, accountability, LOGS_MODULE_KEY))) throw new ForbiddenError();
}

export async function readLogs(
  input: { query: z.infer<typeof logsQuery> },
  ctx: RequestContext,
): Promise<Reply> {
  await assertCanRead(ctx.db, ctx.accountability);
  const minLevel = input.query.level ? LEVELS[input.query.level] : undefined;
  const total = logBuffer.list({ minLevel }).length;
  const data = logBuffer.list({ minLevel, limit: input.query.limit });
  return reply({ data, meta: { total } });
}

/** Clearing is for administrators only, the module key lets its holders read. */
export async function clearLogs(_input: unknown, ctx: RequestContext): Promise<void> {
  if (!ctx.accountability.admin) throw new ForbiddenError();
  logBuffer.clear();
}

function sseStream(signal: AbortSignal, minLevel: number | undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const unsubscribe = logBuffer.subscribe((entry: LogEntry) => {
        if (minLevel === undefined || entry.level >= minLevel) {
          send(`data: ${JSON.stringify(entry)}\n\n`);
        }
      });
      // Proxies close connections that stay silent; a comment line keeps this one open.
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the reader.
        }
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
      send(': connected\n\n');
    },
    cancel() {
      stop();
    },
  });
}

/** Every new log entry as a server-sent event, until the client goes away. */
export async function streamLogs(
  input: { query: z.infer<typeof logStreamQuery>; request: ApiRequest },
  ctx: RequestContext,
): Promise<Response> {
  await assertCanRead(ctx.db, ctx.accountability);
  const minLevel = input.query.level ? LEVELS[input.query.level] : undefined;
  return new Response(sseStream(input.request.signal, minLevel), {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
