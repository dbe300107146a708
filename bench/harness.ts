import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Options } from 'autocannon';
import { freePort, ROOT } from '../tests/helpers/server';
import type { Measure } from './pgbench';

export interface Target {
  url: string;
  method?: Options['method'];
  headers?: Record<string, string>;
  body?: string;
  /** Per-request changes (autocannon's `requests`), for the varied mode. */
  requests?: Options['requests'];
}

/** Requests per second and latency over `seconds`; any answer but a 2xx counts as an error. */
export async function measure(t: Target, seconds: number, connections: number): Promise<Measure> {
  const result = await autocannon({ ...t, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a reference server of bench/ (`script`, run with tsx) on a free port in a process
 * group of its own, and waits until it answers 404 on `/`.
 */
export async function startBareServer(
  script: string,
  env: Record<string, string>,
): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // gone
    }
  };
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(url + '/').then(
      (r) => r.status === 404,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${script} did not start`);
}

/** Keeps a report as bench/results/<name>-<time>.md; returns it with where it was written. */
export function keepReport(name: string, report: string): string {
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  fs.writeFileSync(file, report);
  return `${report}\nwritten to ${path.relative(process.cwd(), file)}\n`;
}

/** Runs a benchmark and prints its report when `file` is the script node was started with. */
export function runIfMain(file: string, bench: () => Promise<string>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(file)) return;
  bench().then(
    (report) => console.log(report),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
