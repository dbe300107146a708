'use client';

import { subscribeScope } from '../scope/scope-store';
import { RealtimeConnection } from './connection';

let shared: RealtimeConnection | null = null;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/websocket`;
}

/**
 * The tab's one realtime line, signed in by the session cookie the browser sends with it.
 * The active scope travels in a cookie too, so another scope opens the line again.
 */
export function sharedConnection(): RealtimeConnection {
  if (shared) return shared;
  const connection = new RealtimeConnection({ url: socketUrl });
  subscribeScope(() => connection.reconnect());
  window.addEventListener('online', () => {
    if (connection.status === 'offline') connection.reconnect();
  });
  shared = connection;
  return connection;
}
