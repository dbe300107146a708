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
  /** How many creates the run sends (warm-up included): titles are numbered 0 to writes - 1. */
  writes: number;
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
  /** Worked out once per message (below), not once per socket: the write's number. */
  n?: number;
  /** When the create was sent (NaN for the warm-up's). */
  sentMs?: number;
  /** And when the row went in. */
  insertedMs?: number;
}

function timed(item: Created): void {
  const { title, inserted_at } = item;
  item.n = Number(title.slice(1, title.indexOf('@')));
  item.sentMs = title.startsWith('w') ? Number(title.slice(title.indexOf('@') + 1)) : NaN;
  item.insertedMs = inserted_at ? Date.parse(inserted_at) : NaN;
}

/**
 * What each subscriber got, one byte per write number: a set of titles per socket kept a
 * million strings alive, and collecting them paused the process for tens of milliseconds,
 * which showed in the latencies measured.
 */
function onCreate(item: Created, seen: Uint8Array): void {
  const { title } = item;
  const n = item.n ?? -1;
  if (!(n >= 0 && n < seen.length)) {
    tell({ type: 'failed', error: `an event for a write never sent: ${title}` });
    return;
  }
  if (seen[n]) {
    duplicates++;
    return;
  }
  seen[n] = 1;
  if (!title.startsWith('w')) return;
  const arrived = now();
  const at = item.sentMs ?? NaN;
  if (Number.isFinite(at)) latencies.push(arrived - at);
  const inserted = item.insertedMs ?? NaN;
  if (Number.isFinite(inserted)) fromInsert.push(arrived - inserted);
}

// The server sends one batch's message to every subscriber of a group alike, so this process
// gets the same bytes hundreds of times (from each worker, interleaved): it parses each text
// once and compares the rest with the last few (a byte comparison, far cheaper than
// JSON.parse), keeping its share of the cores down.
const recent: { raw: Buffer; message: Record<string, unknown> }[] = [];
function parsed(raw: Buffer): Record<string, unknown> {
  for (const r of recent) if (r.raw.equals(raw)) return r.message;
  const message = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  if (message.event === 'create' && Array.isArray(message.data)) {
    for (const item of message.data as Created[]) timed(item);
  }
  recent.unshift({ raw: Buffer.from(raw), message });
  if (recent.length > 4) recent.pop();
  return message;
}

function subscriber(
  wsUrl: string,
  token: string,
  collection: string,
  writes: number,
): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    // The server offers no compression; skipping the UTF-8 check of its own JSON keeps the
    // load generator's share of the two cores down, so the server's latency is measured.
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false, skipUTF8Validation: true });
    const seen = new Uint8Array(writes);
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', access_token: token })));
    ws.on('message', (raw: Buffer) => {
      const m = parsed(raw);
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
  const { wsUrl, tokens, collection, count, first, writes } = message;
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      batch.push(subscriber(wsUrl, tokens[(first + j) % tokens.length], collection, writes));
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
