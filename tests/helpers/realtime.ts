import http from 'node:http';
import WebSocket from 'ws';
import type { TestApp } from './app';
import { makeCollection } from './collections';
import { close, listen } from './node-http';

export type Message = Record<string, any>;

export interface Line {
  ws: WebSocket;
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** The first message (already received or still to come) that `match` accepts. */
  next(match: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  /** Every message received so far. */
  received: Message[];
  /** The close code, once closed. */
  closed: Promise<number>;
  close(): void;
}

/** A raw WebSocket client of the realtime endpoint, collecting every message it receives. */
export async function openLine(url: string, headers: Record<string, string> = {}): Promise<Line> {
  const ws = new WebSocket(url, { headers });
  const received: Message[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    try {
      received.push(JSON.parse(String(data)));
    } catch {
      received.push({ unparsed: String(data) });
    }
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    received,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (text) => ws.send(text),
    close: () => ws.close(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < received.length; seen++) {
            if (match(received[seen])) {
              cleanup();
              resolve(received[seen]);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(received)}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `m` is subscription `uid`'s event `name` (init, create, update, delete). */
export const eventOf = (uid: string, name: string) => (m: Message) =>
  m.type === 'subscription' && m.uid === uid && m.event === name;

/** A line that has signed in with `token`. */
export async function signedInLine(url: string, token: string): Promise<Line> {
  const line = await openLine(url);
  line.send({ type: 'auth', access_token: token });
  await line.next((m) => m.type === 'auth' && m.status === 'ok');
  return line;
}

export interface RealtimeServer {
  /** The base address (http://127.0.0.1:port), once started. */
  readonly base: string;
  /** The realtime endpoint's address (ws://…/api/websocket), once started. */
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The realtime endpoint on a plain HTTP server of its own, over the test app's database.
 * Start it after the app (the modules read its settings on import).
 */
export function realtimeServer(): RealtimeServer {
  let server: http.Server | undefined;
  let realtime: { close(): void } | undefined;
  let base = '';
  return {
    get base() {
      return base;
    },
    get url() {
      return base.replace('http:', 'ws:') + '/api/websocket';
    },
    async start() {
      const { attachRealtime } = await import('@/lib/realtime/http');
      server = http.createServer((_req, res) => res.writeHead(404).end());
      realtime = attachRealtime(server);
      base = await listen(server);
    },
    async stop() {
      realtime?.close();
      if (server) await close(server);
    },
  };
}

/** A collection with one `title` text field, made by the administrator. */
export function titledCollection(app: TestApp, admin: string, collection: string) {
  return makeCollection(app, admin, collection);
}
