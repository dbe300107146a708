/**
 * Subscribers of the realtime benchmark, in a process of their own (forked by
 * bench/realtime.ts, several of them): one process receiving every message of 1,000 sockets
 * became the bottleneck it was meant to measure. Each created item's title carries the
 * moment its create was sent (`w<n>@<epoch ms>`), so latency is taken where the event
 * arrives, on the clock every process of the machine shares; `u<n>@…` titles (the warm-up)
 * are checked for duplicates but not timed.
 */
import WebSocket from 'ws';

export interface StartMessage {
  type: 'start';
  wsUrl: string;
  tokens: string[];
  collection: string;
  count: number;
  /** Index of this process's first subscriber, so users take turns across processes. */
  first: number;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; received: number }
  | { type: 'result'; latencies: number[]; fromInsert: number[]; duplicates: number }
  | { type: 'failed'; error: string };

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
const latencies: number[] = [];
/** From the row's `inserted_at` (the database's clock at the insert) to the event. */
const fromInsert: number[] = [];
let duplicates = 0;
let progress: NodeJS.Timeout | undefined;

function tell(message: ChildMessage): void {
  process.send?.(message);
}

interface Created {
  title: string;
  inserted_at?: string | null;
}

function onCreate({ title, inserted_at }: Created, seen: Set<string>): void {
  if (seen.has(title)) {
    duplicates++;
    return;
  }
  seen.add(title);
  if (!title.startsWith('w')) return;
  const arrived = now();
  const at = Number(title.slice(title.indexOf('@') + 1));
  if (Number.isFinite(at)) latencies.push(arrived - at);
  const inserted = inserted_at ? Date.parse(inserted_at) : NaN;
  if (Number.isFinite(inserted)) fromInsert.push(arrived - inserted);
}

function subscriber(wsUrl: string, token: string, collection: string): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    // The server offers no compression; skipping the UTF-8 check of its own JSON keeps the
    // load generator's share of the two cores down, so the server's latency is measured.
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false, skipUTF8Validation: true });
    const seen = new Set<string>();
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', access_token: token })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as Record<string, unknown>;
      if (m.type === 'auth' && m.status === 'ok') {
        const query = { fields: ['id', 'title', 'inserted_at'] };
        ws.send(JSON.stringify({ type: 'subscribe', collection, uid: 's', query }));
      } else if (m.type === 'ping') {
        ws.send(JSON.stringify({ type: 'pong' }));
      } else if (m.event === 'init') {
        resolve(ws);
      } else if (m.event === 'create') {
        for (const item of m.data as Created[]) onCreate(item, seen);
      } else if (m.status === 'error') {
        reject(new Error(JSON.stringify(m)));
      }
    });
  });
}

async function start(message: StartMessage): Promise<void> {
  const { wsUrl, tokens, collection, count, first } = message;
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      batch.push(subscriber(wsUrl, tokens[(first + j) % tokens.length], collection));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  tell({ type: 'ready' });
  progress = setInterval(() => tell({ type: 'progress', received: latencies.length }), 200);
}

process.on('message', (message: StartMessage | { type: 'finish' }) => {
  if (message.type === 'start') {
    start(message).catch((err: unknown) => tell({ type: 'failed', error: String(err) }));
  } else if (message.type === 'finish') {
    clearInterval(progress);
    const result: ChildMessage = { type: 'result', latencies, fromInsert, duplicates };
    // The channel closes only once the result is on its way.
    process.send?.(result, () => {
      for (const ws of sockets) ws.terminate();
      process.disconnect?.();
    });
  }
});
