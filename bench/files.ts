/**
 * Asset serving throughput: the production server answering GET /api/assets/:id for a 100 KB
 * JPEG and for a cached 400-px transform of it, next to a bare node:http file server
 * (bench/bare-file-server.ts) streaming the same bytes from the same disk. PostgreSQL, local
 * storage in a temporary data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import pg from 'pg';
import { ADMIN_EMAIL, freshDatabase, startServer } from '../tests/helpers/server';
import { keepReport, measure, runIfMain, startBareServer } from './harness';
import type { Measure } from './pgbench';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WORKERS = process.env.WEB_CONCURRENCY ?? '2';
const ASSET_BYTES = 100 * 1024;
const TOKEN = 'bench-files-static-token-0123456789';

/** The administrator's static token, as the items rows authenticate (only hits are cached). */
async function setAdminToken(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const set = await client.query('update daas_users set token = $1 where email = $2', [
      TOKEN,
      ADMIN_EMAIL,
    ]);
    if (set.rowCount !== 1) throw new Error('the administrator was not found');
  } finally {
    await client.end();
  }
}

/**
 * A photo-like JPEG of exactly ASSET_BYTES: blurred noise, padded with a comment segment (which
 * decoders skip) so every run serves the same number of bytes.
 */
async function benchJpeg(): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 16 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 80 })
    .toBuffer();
  const pad = ASSET_BYTES - jpeg.length - 4;
  if (pad < 0) throw new Error(`bench image is ${jpeg.length} bytes, over ${ASSET_BYTES}`);
  const comment = Buffer.alloc(4 + pad, 0x20);
  comment.writeUInt16BE(0xfffe, 0); // COM marker
  comment.writeUInt16BE(pad + 2, 2); // segment length, counting itself
  return Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
}

interface Row {
  name: string;
  bytes: number;
  api: Measure;
  bare: Measure;
}

function table(rows: Row[]): string {
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const lat = (m: Measure) => `${m.p50} / ${m.p99}`;
  return [
    '| request | bytes | API req/s | p50 / p99 ms | bare req/s | p50 / p99 ms | API/bare |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${n(r.bytes)} | ${n(r.api.rps)} | ${lat(r.api)} | ${n(r.bare.rps)} | ` +
        `${lat(r.bare)} | ${Math.round((r.api.rps / r.bare.rps) * 100)}% |`,
    ),
  ].join('\n');
}

async function json(res: Response): Promise<{ data: Record<string, unknown> }> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

export async function runFilesBench(): Promise<string> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daas-bench-files-'));
  const rows: Row[] = [];
  try {
    const api = await startServer({
      database,
      env: { ...database.env, DATA_DIR: dataDir, WEB_CONCURRENCY: WORKERS, LOG_LEVEL: 'error' },
    });
    try {
      await setAdminToken(database.url!);
      const auth = { authorization: `Bearer ${TOKEN}` };
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await benchJpeg())]), 'photo.jpg');
      const file = (
        await json(
          await fetch(`${api.url}/api/files`, { method: 'POST', headers: auth, body: form }),
        )
      ).data;
      const uploads = path.join(dataDir, 'uploads');
      const asset = `/api/assets/${String(file.id)}`;
      // The first request renders the transform into the cache; the run measures cache hits.
      const warm = await fetch(`${api.url}${asset}?width=400`, { headers: auth });
      const transformed = Buffer.from(await warm.arrayBuffer());
      if (warm.status !== 200) throw new Error(`transform answered ${warm.status}`);
      const cached = fs
        .readdirSync(path.join(uploads, 'transforms'))
        .find((n) => n.startsWith(`${String(file.id)}-`));
      if (!cached) throw new Error('the transform was not cached');
      const cases = [
        {
          name: 'GET /api/assets/:id (100 KB JPEG)',
          api: asset,
          bare: '/asset',
          file: path.join(uploads, String(file.filename_disk)),
          bytes: Number(file.filesize),
        },
        {
          name: 'GET /api/assets/:id?width=400 (cached transform)',
          api: `${asset}?width=400`,
          bare: '/transform',
          file: path.join(uploads, 'transforms', cached),
          bytes: transformed.length,
        },
      ];
      const bare = await startBareServer('bench/bare-file-server.ts', {
        WEB_CONCURRENCY: WORKERS,
        BENCH_FILES: JSON.stringify(
          Object.fromEntries(cases.map((c) => [c.bare, { file: c.file, type: 'image/jpeg' }])),
        ),
      });
      try {
        for (const c of cases) {
          const apiTarget = { url: api.url + c.api, headers: auth };
          await measure(apiTarget, 1, CONNECTIONS); // warm-up: JIT, pools, page cache
          const a = await measure(apiTarget, DURATION_S, CONNECTIONS);
          await measure({ url: bare.url + c.bare }, 1, CONNECTIONS);
          const b = await measure({ url: bare.url + c.bare }, DURATION_S, CONNECTIONS);
          rows.push({ name: c.name, bytes: c.bytes, api: a, bare: b });
          console.error(`${c.name}: API ${Math.round(a.rps)}, bare ${Math.round(b.rps)}`);
        }
      } finally {
        await bare.stop();
      }
    } finally {
      await api.stop();
    }
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const errors = rows.flatMap((r) => [r.api.errors, r.bare.errors]).reduce((s, e) => s + e, 0);
  const lines = [
    '# Assets: the API vs a bare node:http file server (same bytes, same disk)',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores · ` +
      `${WORKERS} workers for the API and for the bare server · ${CONNECTIONS} connections · ` +
      `${DURATION_S} s per run · PostgreSQL · local storage`,
    '',
    'The API authenticates an admin static token, reads the file row as permitted and sends',
    'validators with the bytes; the bare server stats the file and streams it, nothing more.',
    '',
    table(rows),
  ];
  if (errors) lines.push('', `Non-2xx responses, errors or timeouts: ${errors}`);
  return keepReport('files', lines.join('\n') + '\n');
}

runIfMain(import.meta.filename, runFilesBench);
