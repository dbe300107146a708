import 'server-only';
import type { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import type { LogEntry } from '@/lib/core/log-buffer';
import { logBuffer } from '@/lib/core/logger';
import type { ApiRequest } from '@/lib/http/api-request';
import { listReply } from '@/lib/http/reply';
import { assertCanRead, LEVELS, type logsQuery, type logStreamQuery, readLogs } from './service';
import { sharedLogs } from './shared';

/** The HTTP binding of the logs endpoints: the list in its envelope, the live tail as SSE. */
const HEARTBEAT_MS = 15_000;

export async function readLogsReply(
  input: { query: z.infer<typeof logsQuery> },
  ctx: RequestContext,
) {
  return listReply(await readLogs(input, ctx));
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
      // Every instance's entries with REDIS_URL, this process's without.
      const source = sharedLogs() ?? logBuffer;
      const unsubscribe = source.subscribe((entry: LogEntry) => {
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
