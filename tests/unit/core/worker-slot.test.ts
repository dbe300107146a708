import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextSlotAt, WORKER_SLOT_ENV } from '@/lib/core/worker-slot';

describe('worker slots', () => {
  afterEach(() => {
    delete process.env[WORKER_SLOT_ENV];
    vi.resetModules();
  });

  it('puts the workers of an instance at evenly spread phases of a period', () => {
    const earliest = 1_000_013;
    const first = nextSlotAt(earliest, 50, { slot: 0, workers: 2 });
    const second = nextSlotAt(earliest, 50, { slot: 1, workers: 2 });
    expect(first % 50).toBe(0);
    expect(second % 50).toBe(25);
    for (const at of [first, second]) {
      expect(at).toBeGreaterThanOrEqual(earliest);
      expect(at).toBeLessThan(earliest + 50);
    }
  });

  it('keeps a moment that already falls on the slot', () => {
    expect(nextSlotAt(1_000_025, 50, { slot: 1, workers: 2 })).toBe(1_000_025);
    expect(nextSlotAt(1_000_000, 50, { slot: 0, workers: 4 })).toBe(1_000_000);
    expect(nextSlotAt(1_000_001, 50, { slot: 3, workers: 4 })).toBe(1_000_037.5);
  });

  it('does not wait at all without a period', () => {
    expect(nextSlotAt(1_000_013, 0, { slot: 1, workers: 2 })).toBe(1_000_013);
  });

  it('reads its slot from the environment the primary sets, and 0 of 1 otherwise', async () => {
    process.env[WORKER_SLOT_ENV] = '1/2';
    const set = await import('@/lib/core/worker-slot');
    expect(set.workerSlot()).toEqual({ slot: 1, workers: 2 });
    vi.resetModules();
    process.env[WORKER_SLOT_ENV] = '3/2';
    const wrong = await import('@/lib/core/worker-slot');
    expect(wrong.workerSlot()).toEqual({ slot: 0, workers: 1 });
    vi.resetModules();
    delete process.env[WORKER_SLOT_ENV];
    const none = await import('@/lib/core/worker-slot');
    expect(none.workerSlot()).toEqual({ slot: 0, workers: 1 });
  });
});
