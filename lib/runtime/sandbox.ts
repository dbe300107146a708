import 'server-only';
import type ivm from 'isolated-vm';
import { config } from '@/lib/core/config';
import { NotImplementedError, ServiceUnavailableError } from '@/lib/core/errors';
import { PRELUDE } from './prelude';

export type ExtensionKind = 'hook' | 'endpoint' | 'operation' | 'service';

/** Answers the isolate's service calls: a name and JSON arguments in, JSON out. */
export type HostCall = (name: string, args: unknown[]) => Promise<unknown>;

/** A failure of the sandbox itself (time, memory, a crash), told apart from a thrown error. */
export class SandboxError extends Error {}

/** Wall-clock cap per call, awaited service calls and fetches included. */
const WALL_MS = 15_000;

export function limits() {
  const c = config();
  return {
    memoryMb: c.EXTENSION_MEMORY_MB,
    cpuMs: c.EXTENSION_TIMEOUT_MS,
    maxIsolates: c.EXTENSION_MAX_ISOLATES,
  };
}

/** Isolates alive in this process; each may hold up to EXTENSION_MEMORY_MB of heap. */
let live = 0;

/**
 * Runs one call of stored code in a fresh isolate: its own heap (capped), no Node APIs (no
 * `require`, `process`, file system or network; only what `context` offers), CPU time
 * capped (a synchronous loop is cut by the script timeout, an asynchronous one by the
 * watchdog), disposed afterwards. The call's result comes back as JSON.
 */
let loading: Promise<typeof ivm> | undefined;

/**
 * The native isolate, loaded on first use: a host that can't load the module (no binary for
 * its platform, a serverless bundle without it) still serves everything else, and answers
 * the extension calls 501.
 */
async function nativeIsolates(): Promise<typeof ivm> {
  loading ??= import('isolated-vm').then((m) => (m.default ?? m) as typeof ivm);
  try {
    return await loading;
  } catch {
    throw new NotImplementedError(
      'Runtime extensions need the native isolate (isolated-vm), which this host cannot load',
    );
  }
}

export async function runIsolated(input: {
  source: string;
  kind: ExtensionKind;
  args: Record<string, unknown>;
  host: HostCall;
}): Promise<unknown> {
  const native = await nativeIsolates();
  const { memoryMb, cpuMs, maxIsolates } = limits();
  // A flood of calls must not multiply the heap caps into the process's memory: beyond the
  // cap, calls are refused (503) until running ones finish.
  if (live >= maxIsolates) throw new ServiceUnavailableError('Too many extension calls at once');
  let isolate: ivm.Isolate;
  try {
    isolate = new native.Isolate({ memoryLimit: memoryMb });
  } catch (err) {
    throw new SandboxError(err instanceof Error ? err.message : 'isolate not created');
  }
  live++;
  let stopped: string | null = null;
  const stop = (why: string) => {
    if (stopped || isolate.isDisposed) return;
    stopped = why;
    isolate.dispose();
  };
  const cpuLimitNs = BigInt(cpuMs) * 1_000_000n;
  const watchdog = setInterval(() => {
    if (!isolate.isDisposed && isolate.cpuTime > cpuLimitNs) stop('CPU time limit exceeded');
  }, 10);
  const deadline = setTimeout(() => stop('time limit exceeded'), WALL_MS);
  try {
    const context = await isolate.createContext();
    const hostFn = new native.Reference(async (name: string, argsJson: string) => {
      const out = await input.host(name, JSON.parse(argsJson) as unknown[]);
      return out === undefined ? null : JSON.stringify(out);
    });
    await context.global.set('__host', hostFn);
    await context.eval(PRELUDE, { timeout: cpuMs });
    const user = await isolate.compileModule(input.source, { filename: 'extension.mjs' });
    const driver = await isolate.compileModule(
      'import ext from "extension"; globalThis.__ext = ext;',
    );
    await user.instantiate(context, () => {
      throw new Error('Stored code cannot import modules');
    });
    await driver.instantiate(context, (specifier) => {
      if (specifier === 'extension') return user;
      throw new Error('Stored code cannot import modules');
    });
    await driver.evaluate({ timeout: cpuMs });
    const out = (await context.evalClosure(
      'return __invoke($0, $1)',
      [input.kind, JSON.stringify(input.args)],
      { arguments: { copy: true }, result: { promise: true, copy: true }, timeout: cpuMs },
    )) as string;
    return (JSON.parse(out) as { value?: unknown }).value;
  } catch (err) {
    if (stopped) throw new SandboxError(stopped);
    const message = err instanceof Error ? err.message : String(err);
    if (isolate.isDisposed || /timed out|memory limit|disposed/i.test(message)) {
      throw new SandboxError(message);
    }
    throw err;
  } finally {
    clearInterval(watchdog);
    clearTimeout(deadline);
    live--;
    if (!isolate.isDisposed) isolate.dispose();
  }
}

/** Compiles without running: a syntax error is the author's (400), found on save. */
export async function checkSource(source: string): Promise<string | null> {
  const native = await nativeIsolates();
  const isolate = new native.Isolate({ memoryLimit: 16 });
  try {
    await isolate.compileModule(source, { filename: 'extension.mjs' });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    isolate.dispose();
  }
}
