/** `idle`: nothing subscribed; `offline`: the line is lost and being reopened. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'offline';

export type RealtimeAction = 'create' | 'update' | 'delete';

export interface RealtimeEvent {
  event: 'init' | RealtimeAction;
  /** The items (create, update, init) or keys (delete) as the server sent them. */
  data: unknown;
  /** An `init` after the line was lost: changes may have been missed meanwhile. */
  resumed: boolean;
}

/** A subscription's query in the realtime protocol (objects as objects, not JSON text). */
export type RealtimeQuery = Record<string, string | number | boolean | unknown[] | object>;

export interface SubscribeInput {
  collection: string;
  query?: RealtimeQuery;
  event?: RealtimeAction;
}

/** The part of the WebSocket API the connection uses (the browser's, or `ws` in Node). */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;
