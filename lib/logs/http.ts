import 'server-only';
import type { z } from 'zod';
import { config, serverless } from '@/lib/core/config';
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

/**
 * How long one stream stays open: a serverless function is cut off at its time limit (and
 * hears only its own instance's logs), so there the stream ends itself first and the
 * client's EventSource reconnects after `retry`. Elsewhere it stays open.
 */
function streamLimitMs(): number {
  const c = config();
  return (c.LOG_STREAM_MAX_SECONDS ?? (serverless() ? 25 : 0)) * 1000;
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
      const limit = streamLimitMs();
      const ending = limit > 0 ? setTimeout(() => onAbort(), limit) : undefined;
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(ending);
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
      send(limit > 0 ? 'retry: 1000\n: connected\n\n' : ': connected\n\n');
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
