import cluster from 'node:cluster';

/**
 * Runs `serve` in WEB_CONCURRENCY worker processes (or in this one for a single worker), as
 * the API server does, so a reference server gets the same cores.
 */
export function runClustered(serve: () => void): void {
  const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
  if (cluster.isPrimary && workers > 1) {
    for (let i = 0; i < workers; i++) cluster.fork();
    process.on('SIGTERM', () => {
      for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      process.exit(0);
    });
  } else {
    serve();
  }
}
