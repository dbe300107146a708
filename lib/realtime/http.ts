import 'server-only';
import type http from 'node:http';
import { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt } from 'jose';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { config, serverless } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { InvalidQueryError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import { getDb } from '@/lib/db/client';
import type { ApiRequest } from '@/lib/http/api-request';
import { resolveCaller } from '@/lib/http/caller';
import { corsHeaders } from '@/lib/http/cors';
import { NodeRequest } from '@/lib/http/node-request';
import { peerOf, setPeer } from '@/lib/http/peer';
import { servedOrigin } from '@/lib/http/served-origin';
import { readAccessFor } from '@/lib/items/access';
import { parseQuery } from '@/lib/items/parse';
import {
  HEARTBEAT_MS,
  MAX_MESSAGE_BYTES,
  rawQueryOf,
  realtimeQuery,
  type ServerMessage,
} from './protocol';
import { Session, type Caller, type Transport } from './session';
import { subscriptionReads } from './system';

/** The paths a WebSocket upgrade is taken on: ours under /api, and the one the SDK builds. */
export const WEBSOCKET_PATHS = ['/api/websocket', '/websocket'];

/**
 * `base` with other credentials: `token` as its only one, or none (null). The TCP peer goes
 * along, so the client address (IP allow-lists) stays the connection's own.
 */
function withCredential(base: ApiRequest, token: string | null): ApiRequest {
  const request: ApiRequest = {
    method: base.method,
    url: base.url,
    body: null,
    signal: base.signal,
    headers: {
      get: (name: string) => {
        const key = name.toLowerCase();
        if (key === 'authorization') return token === null ? null : `Bearer ${token}`;
        if (key === 'cookie') return null;
        return base.headers.get(name);
      },
    },
  };
  setPeer(request, peerOf(base));
  return request;
}

/**
 * A browser sends its cookies with a WebSocket to any site, so a session cookie counts only
 * for a page of this origin or one CORS allows with credentials (no cross-site hijacking).
 */
async function cookieAllowed(request: ApiRequest): Promise<boolean> {
  if (!request.headers.get('origin') || servedOrigin(request)) return true;
  const cors = await corsHeaders(request, getDb());
  return cors?.['access-control-allow-credentials'] === 'true';
}

function bearerOf(request: ApiRequest): string | null {
  const header = request.headers.get('authorization');
  if (header && /^bearer\s+/i.test(header)) return header.replace(/^bearer\s+/i, '').trim();
  return new URL(request.url).searchParams.get('access_token');
}

function expiryOf(token: string | null): number | null {
  if (!token) return null;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Resolves the caller the way every API request is resolved (scope and delegation too). */
function authenticator(base: ApiRequest) {
  const resolve = async (token: string | null): Promise<Caller> => {
    let request = base;
    if (token) request = withCredential(base, token);
    else if (!base.headers.get('authorization') && !(await cookieAllowed(base))) {
      request = withCredential(base, null);
    }
    const { accountability, scope } = await resolveCaller(request, getDb(), { queryToken: true });
    return {
      accountability,
      scope,
      expires: expiryOf(token ?? bearerOf(base)),
      again: () => resolve(token),
    };
  };
  return resolve;
}

// A batch's message goes to every member of its group one after another, the same string:
// encoded once, not once per socket.
let lastText = '';
let lastBytes = Buffer.alloc(0);
function bytesOf(text: string): Buffer {
  if (text !== lastText) {
    lastText = text;
    lastBytes = Buffer.from(text, 'utf8');
  }
  return lastBytes;
}

function socketTransport(ws: WebSocket): Transport {
  const limit = config().REALTIME_MAX_QUEUE_BYTES;
  return {
    send(message: ServerMessage | string) {
      if (ws.readyState !== ws.OPEN) return;
      // A client that does not read its messages is dropped, never buffered without end.
      if (ws.bufferedAmount > limit) {
        ws.terminate();
        return;
      }
      const text = typeof message === 'string' ? message : JSON.stringify(message);
      ws.send(bytesOf(text), { binary: false });
    },
    close(code, reason) {
      if (ws.readyState === ws.OPEN) ws.close(code, reason);
    },
  };
}

function serveSocket(ws: WebSocket, request: ApiRequest): void {
  const session = new Session(socketTransport(ws), authenticator(request));
  let alive = true;
  const heartbeat = setInterval(() => {
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Messages are handled one after another, as they came.
  let queue: Promise<void> = session.open().then(() => undefined);
  ws.on('message', (data, isBinary) => {
    alive = true;
    if (isBinary) {
      ws.close(1003, 'text frames only');
      return;
    }
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    queue = queue.then(() => session.handle(text)).catch(() => undefined);
  });
  ws.on('pong', () => (alive = true));
  ws.on('error', () => ws.terminate());
  ws.on('close', () => {
    clearInterval(heartbeat);
    session.dispose();
  });
}

/**
 * Takes WebSocket upgrades on the realtime paths of `server` (the production server).
 * Frames past MAX_MESSAGE_BYTES close the connection (1009).
 */
export function attachRealtime(server: http.Server): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!WEBSOCKET_PATHS.includes(path)) {
      socket.destroy();
      return;
    }
    const request = new NodeRequest(req, new ServerResponse(req));
    wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        serveSocket(ws, request);
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : err }, 'realtime failed');
        ws.terminate();
      }
    });
  });
  return {
    /** Closes every connection (1001, going away), so a client reconnects elsewhere. */
    close() {
      for (const ws of wss.clients) ws.close(1001, 'server stopping');
      setTimeout(() => wss.clients.forEach((ws) => ws.terminate()), 1_000).unref();
    },
  };
}

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
