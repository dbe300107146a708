/**
 * Bundled and run in a process of its own by bench/items.ts: sends each benchmark request
 * through the API's own dispatcher, in process, and records the SQL the driver is given
 * (text and bound values), so the references can replay exactly what the API sends.
 * Reads the requests as JSON on stdin; writes the captured statements as JSON on stdout.
 */
import pg from 'pg';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Static token of the caller; default: the administrator's. */
  token?: string;
}

export interface Statement {
  text: string;
  values: unknown[];
}

export interface Captured {
  status: number;
  statements: Statement[];
  /** Statements left out: the caller's authentication, which the references skip. */
  auth: number;
}

const sent: Statement[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (typeof first === 'string') sent.push({ text: first, values: (second as unknown[]) ?? [] });
  else if (first && typeof first === 'object' && 'text' in first) {
    const c = first as { text: string; values?: unknown[] };
    sent.push({ text: c.text, values: c.values ?? (second as unknown[]) ?? [] });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

// Authentication and settings: the references answer without a caller.
const AUTH = /"daas_(users|policies|access|roles|sessions|settings|permissions)"/;

async function stdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const input = JSON.parse(await stdin()) as {
    base: string;
    token: string;
    requests: BenchRequest[];
  };
  const { dispatch } = await import('@/lib/http/dispatch');
  const send = async (r: BenchRequest) => {
    const res = await dispatch(
      new Request(input.base + r.path, {
        method: r.method,
        headers: {
          authorization: `Bearer ${r.token ?? input.token}`,
          'content-type': 'application/json',
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      }),
    );
    await res.arrayBuffer();
    return res.status;
  };
  const out: Captured[] = [];
  for (const r of input.requests) {
    await send(r); // warm: schema and token caches, as on a busy server
    sent.length = 0;
    const status = await send(r);
    const statements = sent.filter((s) => !AUTH.test(s.text));
    out.push({ status, statements, auth: sent.length - statements.length });
  }
  process.stdout.write(JSON.stringify(out));
  const { closeDb } = await import('@/lib/db/client');
  await closeDb();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
