import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newPgDatabase } from './database';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The app the tests start: this checkout, or a folder laid out as the container's runtime
 * stage (`scripts/prod-stage.sh`: production dependencies and the build output only).
 */
const APP_ROOT = process.env.E2E_APP_ROOT ?? ROOT;
export const SERVER_ENTRY = path.join(APP_ROOT, 'dist/server.mjs');
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface FreshDatabase {
  /** Environment that points a process at it (DATABASE_URL, or DATA_DIR for PGlite). */
  env: Record<string, string>;
  /** The PostgreSQL URL, or null for the embedded database. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A database of its own for a server process: a new database on the PostgreSQL server named
 * by DATABASE_URL, or an embedded one in a temporary DATA_DIR. Leaves this process's
 * environment alone.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const base = process.env.TEST_BASE_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-e2e-'));
    return {
      env: { DATA_DIR: dir },
      url: null,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const db = await newPgDatabase(base);
  return { env: { DATABASE_URL: db.url }, url: db.url, drop: db.drop };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartServerOptions {
  /** Extra or overriding environment for the server process. */
  env?: Record<string, string | undefined>;
  /** Serve /api/* through Next's route handlers instead of the direct dispatcher. */
  apiViaNext?: boolean;
  /** Use this database instead of a fresh one (it is then not dropped on stop). */
  database?: FreshDatabase;
  /** How long to wait for /api/server/ping to answer. */
  timeoutMs?: number;
  /** Listen here (a port something else must know in advance, such as a provider's redirect). */
  port?: number;
}

export interface StartedServer {
  url: string;
  port: number;
  database: FreshDatabase;
  /** The server process (the cluster's primary when there are several workers). */
  pid: number;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function waitForPing(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    }
    try {
      const res = await fetch(`${url}/api/server/ping`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /api/server/ping within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts the production build (as `npm start` does, so `npm run build` first) on a free
 * port with a database of its own and a known administrator, and waits until it answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error('dist/server.mjs is missing: run `npm run build` before the e2e tests');
  }
  const database = options.database ?? (await freshDatabase());
  const port = options.port ?? (await freePort());
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: undefined,
    ...database.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    API_VIA_NEXT: options.apiViaNext ? '1' : undefined,
    NEXT_TELEMETRY_DISABLED: '1',
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  // Its own process group, so stop() also ends any cluster workers. Started as `npm start`
  // starts it: the runtime extensions' isolates need the node snapshot off.
  const child = spawn(process.execPath, ['--no-node-snapshot', SERVER_ENTRY], {
    cwd: APP_ROOT,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(timer);
    if (!options.database) await database.drop();
  };

  try {
    await waitForPing(url, child, options.timeoutMs ?? 60_000, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, database, pid: child.pid!, output: () => log, stop };
}
