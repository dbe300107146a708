import 'server-only';
import { z } from 'zod';
import { config, serverless } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { InvalidQueryError } from '@/lib/core/errors';
import type { ApiRequest } from '@/lib/http/api-request';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery } from '@/lib/items/parse';
import { authenticator, bearerOf, expiryOf } from './credentials';
import { rawQueryOf, realtimeQuery } from './protocol';
import { Session, type Caller, type Transport } from './session';
import { subscriptionReads } from './system';

export const sseQuery = z
  .object({
    collection: z.string().min(1).max(64),
    query: z.string().max(16_384).optional(),
    event: z.enum(['create', 'update', 'delete']).optional(),
    uid: z.string().max(200).optional(),
    access_token: z.string().optional(),
  })
  .strict();

const SSE_PING_MS = 25_000;

/**
 * How long one event stream stays open: a serverless function is cut off at its time limit,
 * so there the stream ends itself first and the EventSource reconnects after `retry` (its
 * `init` then tells the client to catch up). Elsewhere it stays open.
 */
function sseLimitMs(): number {
  const c = config();
  return (c.REALTIME_STREAM_MAX_SECONDS ?? (serverless() ? 25 : 0)) * 1000;
}

/**
 * GET /api/realtime: one subscription, one way, as Server-Sent Events, where WebSockets are
 * not available. Each event's data is the message the WebSocket would carry.
 */
export async function sseSubscribe(
  input: { query: z.infer<typeof sseQuery>; request: ApiRequest },
  ctx: RequestContext,
): Promise<Response> {
  const { collection, event, uid } = input.query;
  let query: unknown;
  try {
    query = input.query.query ? JSON.parse(input.query.query) : undefined;
  } catch {
    query = null;
  }
  const parsedQuery = realtimeQuery.optional().safeParse(query);
  if (!parsedQuery.success) throw new InvalidQueryError('"query" must be a JSON object');
  // Refusals answer as HTTP errors before the stream starts.
  subscriptionReads(collection);
  parseQuery(rawQueryOf(parsedQuery.data), { admin: ctx.accountability.admin });
  await readAccessFor(ctx, ctx.schema, collection);
  const encoder = new TextEncoder();
  let session: Session | null = null;
  let ping: NodeJS.Timeout | null = null;
  let ending: NodeJS.Timeout | undefined;
  const stop = () => {
    if (ping) clearInterval(ping);
    clearTimeout(ending);
    session?.dispose();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const limit = config().REALTIME_MAX_QUEUE_BYTES;
      const transport: Transport = {
        send(message) {
          if (!open) return;
          if ((controller.desiredSize ?? 0) < -limit) return transport.close(1008, 'slow');
          const text = typeof message === 'string' ? message : JSON.stringify(message);
          controller.enqueue(encoder.encode(`data: ${text}\n\n`));
        },
        close() {
          if (!open) return;
          open = false;
          stop();
          controller.close();
        },
      };
      const caller: Caller = {
        accountability: ctx.accountability,
        scope: ctx.scope ?? null,
        expires: expiryOf(bearerOf(input.request)),
        again: () => authenticator(input.request)(null),
      };
      session = new Session(transport, async () => caller);
      input.request.signal.addEventListener('abort', () => transport.close(1001, 'gone'));
      ping = setInterval(() => transport.send({ type: 'ping' }), SSE_PING_MS);
      ping.unref();
      const lasts = sseLimitMs();
      if (lasts > 0) {
        controller.enqueue(encoder.encode('retry: 1000\n\n'));
        ending = setTimeout(() => transport.close(1001, 'reconnect'), lasts);
      }
      const s = session;
      void s.open().then(() => {
        const subscribe = { type: 'subscribe', collection, event, uid, query: parsedQuery.data };
        return s.handle(JSON.stringify(subscribe));
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}
