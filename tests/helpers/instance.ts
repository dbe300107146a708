/**
 * A second app instance for tests that need two: a plain Node HTTP server serving /api
 * through the route table, in a process of its own (so with caches of its own), on the
 * database and Redis named by the environment given. Run directly, this file is that server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const SELF = path.join(ROOT, 'tests/helpers/instance.ts');

export interface Instance {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the instance with this process's environment plus `env`, and waits for it to listen. */
export async function startInstance(env: Record<string, string>, timeoutMs = 60_000) {
  const child = spawn(TSX, [SELF], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${log}`)), timeoutMs);
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = /^listening (\d+)$/m.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}):\n${log}`));
    });
  });
  const instance: Instance = {
    url: `http://127.0.0.1:${port}`,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    },
  };
  return instance;
}

async function main(): Promise<void> {
  const { register } = await import('node:module');
  // `server-only` throws outside React's server environment; here it marks nothing.
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === 'server-only') return { url: 'data:text/javascript,export{}', shortCircuit: true };
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const http = await import('node:http');
  const { startup } = await import('@/lib/startup');
  const { dispatchApi } = await import('@/lib/http/dispatch');
  const { serveApi } = await import('@/lib/http/node-adapter');
  const { closeDb } = await import('@/lib/db/client');
  const { closeRedis } = await import('@/lib/redis');
  await startup();
  // Only where a test asks for it: the scheduler of each instance (see tests/api/runtime).
  if (process.env.CRON_ENABLED === 'true') (await import('@/lib/runtime/scheduler')).startCron();
  const server = http.createServer((req, res) => void serveApi(dispatchApi, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void Promise.all([closeDb(), closeRedis()]).finally(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
