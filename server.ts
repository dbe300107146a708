/**
 * The production server (`npm start`): /api/* is matched against the generated route table and
 * served by calling the route handlers directly; every other URL (the studio) goes to Next.
 * One worker per core, because a single Node process leaves the other cores idle.
 */
import cluster from 'node:cluster';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import next from 'next';
import { config } from '@/lib/core/config';
import { startHousekeeping } from '@/lib/activity/retention';
import { startCron } from '@/lib/runtime/scheduler';
import { closeDb } from '@/lib/db/client';
import { dispatchApi } from '@/lib/http/dispatch';
import { serveApi } from '@/lib/http/node-adapter';
import { logger } from '@/lib/core/logger';
import { WORKER_SLOT_ENV, workerSlot } from '@/lib/core/worker-slot';
import { startup } from '@/lib/startup';
import { relaySiblingNotices } from '@/lib/sibling-bus';
import { shareRateLimitsWithWorkers } from '@/lib/rate-limit';
import { attachRealtime } from '@/lib/realtime/http';
import { indexSearchesAtStart } from '@/lib/schema/search-index';

// dist/server.mjs sits one level below the project root, next to .next/.
const root = path.resolve(import.meta.dirname, '..');
const SHUTDOWN_GRACE_MS = 10_000;

function workerCount(): number {
  // The embedded database lives in one process: it cannot be shared by several workers.
  if (!config().DATABASE_URL) return 1;
  const wanted = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(wanted) && wanted > 0) return wanted;
  return os.availableParallelism();
}

function isApi(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/api?');
}

async function serve(): Promise<void> {
  const c = config();
  const apiViaNext = process.env.API_VIA_NEXT === '1';
  // Next hooks its own `upgrade` listener onto the server of the first page it serves, and
  // that listener ends every WebSocket it has no route for: the studio's realtime line would
  // close right after its handshake. Next gets a server of its own that never upgrades, so
  // the realtime paths are ours alone (the others are refused by attachRealtime anyway).
  const noUpgrades = new EventEmitter() as unknown as http.Server;
  const app = next({
    dev: false,
    dir: root,
    hostname: c.HOST,
    port: c.PORT,
    httpServer: noUpgrades,
  });
  await app.prepare();
  const nextHandler = app.getRequestHandler();

  let stopping = false;
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    // Once stopping, each connection closes after its current answer, so a client sends
    // its next request to another worker or instance instead of into a closing one.
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (!apiViaNext && isApi(req.url ?? '/')) {
      void serveApi(dispatchApi, req, res);
      return;
    }
    nextHandler(req, res).catch((err: unknown) => {
      logger.error({ err: err instanceof Error ? err.message : err, url: req.url }, 'next failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  // Live subscriptions (`/api/websocket`); WebSocket connections are not in `inFlight`.
  const realtime = attachRealtime(server);
  // Longer than the usual load balancer idle timeout, so it never reuses a closed socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(c.PORT, c.HOST, resolve);
  });
  const { slot, workers } = workerSlot();
  logger.info(
    { port: c.PORT, host: c.HOST, pid: process.pid, slot: `${slot}/${workers}`, apiViaNext },
    'listening',
  );
  startHousekeeping();
  startCron();
  indexSearchesAtStart();

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Requests in flight still answer, with `Connection: close`; idle connections close now.
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    realtime.close();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await closeDb().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

async function primary(workers: number): Promise<void> {
  // Once here, so the workers start on a migrated, bootstrapped database.
  await startup();
  await closeDb();
  let stopping = false;
  let exitCode = 0;
  const listened = new Set<number>();
  cluster.on('listening', (worker) => listened.add(worker.id));
  relaySiblingNotices();
  // The sign-in limits count across all workers, not per worker.
  const workerEnv = shareRateLimitsWithWorkers();
  // Each worker keeps a slot (0..workers-1) through restarts: realtime deliveries are spread
  // over the batching window by slot, so the workers' socket writes don't meet.
  const slots = new Map<number, number>();
  const forkIn = (slot: number) => {
    const worker = cluster.fork({ ...workerEnv, [WORKER_SLOT_ENV]: `${slot}/${workers}` });
    slots.set(worker.id, slot);
  };
  for (let i = 0; i < workers; i++) forkIn(i);

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {});
    if (!alive.length) process.exit(exitCode);
    for (const worker of alive) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(exitCode), SHUTDOWN_GRACE_MS + 1000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    // A worker that never got to listen (no build, bad config) would fail again: give up
    // rather than restart it forever.
    if (!listened.has(worker.id)) {
      logger.error({ pid: worker.process.pid, code, signal }, 'worker failed to start');
      exitCode = 1;
      stop();
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    const slot = slots.get(worker.id) ?? 0;
    slots.delete(worker.id);
    forkIn(slot);
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  process.on('unhandledRejection', (err) => {
    logger.error({ err: err instanceof Error ? err.message : err }, 'unhandled rejection');
  });
  if (cluster.isWorker) return serve();
  const workers = workerCount();
  if (workers > 1) return primary(workers);
  await startup();
  await serve();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
