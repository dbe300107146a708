import { parseApiError } from '../fetcher';
import type { SocketLike } from './types';

/** The part of EventSource used here (the browser's, or a package's in Node). */
export type EventSourceLike = Pick<EventSource, 'readyState' | 'onmessage' | 'onerror' | 'close'>;

export interface SseSocketOptions {
  /** The server's `/api/realtime` URL. */
  url: string;
  /** Opens a stream; the browser's EventSource unless given. */
  source?: (url: string) => EventSourceLike;
  /** Asks once why a stream was refused (an EventSource can't read the status). */
  fetch?: (url: string) => Promise<Response>;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;
/** EventSource's own numbers: open 1, closed 2 (not a socket's 3). */
const STREAM_OPEN = 1;
const STREAM_CLOSED = 2;
type ReadyState = SocketLike['readyState'];

/**
 * The realtime line over Server-Sent Events, behind the WebSocket's face, for servers that
 * take no WebSocket upgrade (`next dev`, serverless functions): each subscription is a stream
 * of its own (`GET /api/realtime`, signed in by the session cookie) and the client's messages
 * are acted on here. A stream that ends is reopened by the EventSource itself, and the `init`
 * it then carries tells the subscriber to catch up, as after a reconnected socket.
 */
export class SseSocket implements SocketLike {
  readyState: ReadyState = CONNECTING;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  private readonly streams = new Map<string, EventSourceLike>();

  constructor(private readonly options: SseSocketOptions) {
    setTimeout(() => {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.onopen?.call(this.asSocket(), new Event('open'));
    }, 0);
  }

  send(text: string): void {
    if (this.readyState !== OPEN) return;
    const message = JSON.parse(text) as Record<string, unknown>;
    const uid = typeof message.uid === 'string' ? message.uid : undefined;
    if (message.type === 'subscribe' && uid) this.subscribe(uid, message);
    else if (message.type === 'unsubscribe' && uid) this.unsubscribe(uid);
    // Streams that all answer keep the line alive; one stuck reconnecting lets it fall silent,
    // so the client's heartbeat opens a new line.
    else if (message.type === 'ping' && this.healthy()) this.deliver({ type: 'pong' });
  }

  close(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    for (const stream of this.streams.values()) stream.close();
    this.streams.clear();
    setTimeout(() => this.onclose?.call(this.asSocket(), new Event('close') as CloseEvent), 0);
  }

  private asSocket(): WebSocket {
    return this as unknown as WebSocket;
  }

  private healthy(): boolean {
    return [...this.streams.values()].every((s) => s.readyState === STREAM_OPEN);
  }

  private deliver(message: Record<string, unknown>): void {
    this.receive(JSON.stringify(message));
  }

  private receive(data: string): void {
    if (this.readyState !== OPEN) return;
    this.onmessage?.call(this.asSocket(), new MessageEvent('message', { data }));
  }

  private streamUrl(uid: string, message: Record<string, unknown>): string {
    const params = new URLSearchParams({ collection: String(message.collection), uid });
    if (message.query !== undefined) params.set('query', JSON.stringify(message.query));
    if (typeof message.event === 'string') params.set('event', message.event);
    return `${this.options.url}?${params}`;
  }

  private subscribe(uid: string, message: Record<string, unknown>): void {
    this.unsubscribe(uid);
    const url = this.streamUrl(uid, message);
    const open = this.options.source ?? ((u: string) => new EventSource(u));
    const stream = open(url);
    this.streams.set(uid, stream);
    stream.onmessage = (event) => {
      if (this.streams.get(uid) === stream) this.receive(String(event.data));
    };
    stream.onerror = () => {
      // Reconnecting on its own (the stream ended): nothing to do. Closed: refused.
      if (stream.readyState === STREAM_CLOSED && this.streams.get(uid) === stream) {
        void this.refused(uid, url, message);
      }
    };
  }

  private unsubscribe(uid: string): void {
    this.streams.get(uid)?.close();
    this.streams.delete(uid);
  }

  /** Tells the subscriber the server's reason, as the socket would; or starts over. */
  private async refused(uid: string, url: string, message: Record<string, unknown>) {
    const ask = this.options.fetch ?? ((u: string) => fetch(u, { credentials: 'same-origin' }));
    let res: Response;
    try {
      res = await ask(url);
    } catch {
      // The server is out of reach: the line is lost, and the client reopens it.
      return this.close();
    }
    const stream = this.streams.get(uid);
    if (res.ok || stream?.readyState !== STREAM_CLOSED) {
      await res.body?.cancel().catch(() => undefined);
      // Answered after all (a dropped line, not a refusal): the stream starts over, unhurried.
      if (res.ok && stream?.readyState === STREAM_CLOSED) {
        setTimeout(() => this.streams.get(uid) === stream && this.subscribe(uid, message), 1000);
      }
      return;
    }
    const body: unknown = await res.json().catch(() => null);
    const { code, message: text } = parseApiError(res.status, body);
    this.unsubscribe(uid);
    this.deliver({ type: 'subscribe', status: 'error', uid, error: { code, message: text } });
  }
}
