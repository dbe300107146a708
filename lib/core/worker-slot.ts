/** Set by `npm start`'s primary on each worker it forks: `<slot>/<workers>`. */
export const WORKER_SLOT_ENV = 'DAAS_WORKER_SLOT';

export interface WorkerSlot {
  /** 0 to workers - 1; a worker started in place of one that died takes its slot. */
  slot: number;
  workers: number;
}

let cached: WorkerSlot | null = null;

/** This process's place among its instance's workers; 0 of 1 outside a cluster. */
export function workerSlot(): WorkerSlot {
  if (cached) return cached;
  const match = /^(\d+)\/(\d+)$/.exec(process.env[WORKER_SLOT_ENV] ?? '');
  const slot = match ? Number(match[1]) : 0;
  const workers = match ? Number(match[2]) : 1;
  cached = workers >= 1 && slot < workers ? { slot, workers } : { slot: 0, workers: 1 };
  return cached;
}

/** Now, in ms since the epoch with a fraction: the clock every process of the machine shares. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/**
 * The first moment at or after `earliest` (ms since the epoch) that falls on this worker's
 * phase of a `period`: worker k of n has the moments k/n of a period after each multiple of
 * it, so the workers of an instance take turns.
 */
export function nextSlotAt(
  earliest: number,
  period: number,
  at: WorkerSlot = workerSlot(),
): number {
  if (!(period > 0)) return earliest;
  const phase = (at.slot / at.workers) * period;
  return Math.ceil((earliest - phase) / period) * period + phase;
}
