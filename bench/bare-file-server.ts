/**
 * The reference for bench/files.ts: a bare node:http file server. Each request looks up the
 * file's size on disk and streams it with its type and length: no routing table, no
 * authentication, no database, no validators. Same worker count as the API server.
 *
 * Env: BENCH_FILES (JSON: {"/path": {"file": "...", "type": "..."}}), PORT, WEB_CONCURRENCY.
 */
import fs from 'node:fs';
import http from 'node:http';
import { runClustered } from './cluster';

interface Served {
  file: string;
  type: string;
}

function serve(): void {
  const files = JSON.parse(process.env.BENCH_FILES!) as Record<string, Served>;
  http
    .createServer((req, res) => {
      const f = files[req.url ?? ''];
      if (!f) return void res.writeHead(404).end();
      fs.stat(f.file, (err, stat) => {
        if (err) return void res.writeHead(500).end();
        res.writeHead(200, { 'content-type': f.type, 'content-length': stat.size });
        fs.createReadStream(f.file)
          .on('error', () => res.destroy())
          .pipe(res);
      });
    })
    .listen(Number(process.env.PORT), '127.0.0.1');
}

runClustered(serve);
