import WebSocket from 'ws';

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
