/**
 * pgbench as the database's own ceiling: the captured statements in a script file, bound
 * values written in as literals (pgbench binds only its own variables), 10 clients on 2
 * threads, per-transaction latencies logged and read back for p50/p99.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export function pgbenchPath(): string | null {
  const candidates = ['/usr/bin/pgbench', '/usr/local/bin/pgbench'];
  const lib = '/usr/lib/postgresql';
  if (fs.existsSync(lib)) {
    for (const v of fs.readdirSync(lib).sort().reverse())
      candidates.push(`${lib}/${v}/bin/pgbench`);
  }
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** A bound value as the driver would send it, as text (arrays as array literals). */
function text(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    const item = (x: unknown) =>
      x === null || x === undefined ? 'NULL' : `"${text(x).replace(/["\\]/g, '\\$&')}"`;
    return `{${v.map(item).join(',')}}`;
  }
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function literal(value: unknown): string {
  return value === null || value === undefined ? 'null' : pg.escapeLiteral(text(value));
}

/** A varied value pgbench draws itself: `\set v random(min, max)`, bound where `at` says. */
export interface PgbenchVary {
  min: number;
  max: number;
  at: { statement: number; param: number }[];
}

/**
 * One statement per line, `$n` replaced by its value as a literal, or by pgbench's own
 * random `:v` where the request's varied value goes.
 */
export function script(
  statements: { text: string; values: unknown[] }[],
  vary?: PgbenchVary,
): string {
  const drawn = (i: number, n: number) =>
    vary?.at.some((a) => a.statement === i && a.param === n - 1) ?? false;
  const lines = statements.map((s, i) => {
    const text = s.text.replace(/\$(\d+)\b/g, (_, n: string) =>
      drawn(i, Number(n)) ? ':v' : literal(s.values[Number(n) - 1]),
    );
    return text.replace(/\s*\n\s*/g, ' ').replace(/;?\s*$/, ';');
  });
  if (vary) lines.unshift(`\\set v random(${vary.min}, ${vary.max})`);
  return lines.join('\n');
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function pgbench(
  bin: string,
  url: string,
  statements: { text: string; values: unknown[] }[],
  seconds: number,
  vary?: PgbenchVary,
): Promise<Measure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  try {
    fs.writeFileSync(path.join(dir, 'script.sql'), script(statements, vary) + '\n');
    const args = ['-n', '-c', '10', '-j', '2', '-T', String(seconds), '-f', 'script.sql'];
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        bin,
        [...args, '-l', '--log-prefix=tx', url],
        { cwd: dir, maxBuffer: 1 << 24 },
        (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout)),
      );
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    // Log lines: client, transaction, latency in µs, script, epoch s, µs.
    const latencies: number[] = [];
    for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('tx'))) {
      for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      rps: tps,
      p50: Number(percentile(latencies, 50).toFixed(2)),
      p99: Number(percentile(latencies, 99).toFixed(2)),
      errors: failed,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
