import 'server-only';
import type http from 'node:http';
import { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { config } from '@/lib/core/config';
import { logger } from '@/lib/core/logger';
import type { ApiRequest } from '@/lib/http/api-request';
import { NodeRequest } from '@/lib/http/node-request';
import { authenticator } from './credentials';
import { HEARTBEAT_MS, MAX_MESSAGE_BYTES, type ServerMessage } from './protocol';
import { Session, type Transport } from './session';

/** The paths a WebSocket upgrade is taken on: ours under /api, and the one the SDK builds. */
export const WEBSOCKET_PATHS = ['/api/websocket', '/websocket'];

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
