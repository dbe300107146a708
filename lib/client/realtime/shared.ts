'use client';

import { subscribeScope } from '../scope/scope-store';
import { RealtimeConnection } from './connection';
import { SseSocket } from './sse-socket';
import type { SocketLike } from './types';

let shared: RealtimeConnection | null = null;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/websocket`;
}

/** Sockets that closed without opening while the server answered HTTP, in a row. */
let refusedSockets = 0;
/** After two of them the server takes no WebSocket (`next dev`, serverless): SSE from then on. */
const SSE_AFTER = 2;

/**
 * A WebSocket while the server takes them, else the same protocol over Server-Sent Events.
 * A socket that fails while the server is down doesn't count: the ping fails too.
 */
function openLine(url: string): SocketLike {
  if (refusedSockets >= SSE_AFTER) return new SseSocket({ url: '/api/realtime' });
  const ws = new WebSocket(url);
  let opened = false;
  ws.addEventListener('open', () => {
    opened = true;
    refusedSockets = 0;
  });
  ws.addEventListener('close', () => {
    if (opened) return;
    fetch('/api/server/ping', { cache: 'no-store' }).then(
      (res) => {
        if (res.ok) refusedSockets++;
      },
      () => undefined,
    );
  });
  return ws;
}

/**
 * The tab's one realtime line, signed in by the session cookie the browser sends with it.
 * The active scope travels in a cookie too, so another scope opens the line again.
 */
export function sharedConnection(): RealtimeConnection {
  if (shared) return shared;
  const connection = new RealtimeConnection({ url: socketUrl, socket: openLine });
  subscribeScope(() => connection.reconnect());
  window.addEventListener('online', () => {
    if (connection.status === 'offline') connection.reconnect();
  });
  shared = connection;
  return connection;
}
