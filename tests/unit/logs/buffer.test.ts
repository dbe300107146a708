import { describe, expect, it } from 'vitest';
import { LogBuffer, type LogEntry } from '@/lib/core/log-buffer';

const entry = (n: number, level = 30): LogEntry => ({
  level,
  time: 1_700_000_000_000 + n,
  msg: `m${n}`,
});

function filled(capacity: number, count: number): LogBuffer {
  const buffer = new LogBuffer(capacity);
  for (let i = 0; i < count; i++) buffer.push(entry(i));
  return buffer;
}

describe('LogBuffer capacity', () => {
  it('keeps entries in arrival order while under capacity', () => {
    expect(
      filled(5, 3)
        .list()
        .map((e) => e.msg),
    ).toEqual(['m0', 'm1', 'm2']);
  });

  it('drops the oldest entries once full, keeping exactly the last N', () => {
    const buffer = filled(3, 7);
    expect(buffer.list().map((e) => e.msg)).toEqual(['m4', 'm5', 'm6']);
  });

  it('empties on clear and fills again afterwards', () => {
    const buffer = filled(3, 3);
    buffer.clear();
    expect(buffer.list()).toEqual([]);
    buffer.push(entry(9));
    expect(buffer.list().map((e) => e.msg)).toEqual(['m9']);
  });

  it('hands out a copy that callers cannot use to change the buffer', () => {
    const buffer = filled(3, 2);
    buffer.list().length = 0;
    buffer.list({ minLevel: 10 }).pop();
    expect(buffer.list()).toHaveLength(2);
  });
});

describe('LogBuffer filtering', () => {
  const mixed = () => {
    const buffer = new LogBuffer(10);
    [30, 50, 20, 40, 60, 30].forEach((level, i) => buffer.push(entry(i, level)));
    return buffer;
  };

  it('keeps only entries at or above the minimum level', () => {
    expect(
      mixed()
        .list({ minLevel: 40 })
        .map((e) => e.level),
    ).toEqual([50, 40, 60]);
  });

  it('returns the most recent entries up to the limit', () => {
    expect(
      mixed()
        .list({ limit: 2 })
        .map((e) => e.msg),
    ).toEqual(['m4', 'm5']);
  });

  it('applies the level before the limit', () => {
    expect(
      mixed()
        .list({ minLevel: 40, limit: 2 })
        .map((e) => e.msg),
    ).toEqual(['m3', 'm4']);
  });

  it('returns everything when the limit exceeds the entries', () => {
    expect(mixed().list({ limit: 100 })).toHaveLength(6);
  });
});

describe('LogBuffer subscriptions', () => {
  it('calls every subscriber with each new entry', () => {
    const buffer = new LogBuffer(2);
    const a: LogEntry[] = [];
    const b: LogEntry[] = [];
    buffer.subscribe((e) => a.push(e));
    buffer.subscribe((e) => b.push(e));
    buffer.push(entry(1));
    buffer.push(entry(2));
    expect(a.map((e) => e.msg)).toEqual(['m1', 'm2']);
    expect(b.map((e) => e.msg)).toEqual(['m1', 'm2']);
  });

  it('does not replay older entries to a new subscriber', () => {
    const buffer = filled(5, 3);
    const seen: LogEntry[] = [];
    buffer.subscribe((e) => seen.push(e));
    buffer.push(entry(3));
    expect(seen.map((e) => e.msg)).toEqual(['m3']);
  });

  it('stops calling a subscriber after it unsubscribes, and only that one', () => {
    const buffer = new LogBuffer(5);
    const gone: LogEntry[] = [];
    const stays: LogEntry[] = [];
    const unsubscribe = buffer.subscribe((e) => gone.push(e));
    buffer.subscribe((e) => stays.push(e));
    buffer.push(entry(1));
    unsubscribe();
    buffer.push(entry(2));
    expect(gone.map((e) => e.msg)).toEqual(['m1']);
    expect(stays.map((e) => e.msg)).toEqual(['m1', 'm2']);
  });

  it('lets a subscriber unsubscribe from inside its own callback', () => {
    const buffer = new LogBuffer(5);
    const seen: LogEntry[] = [];
    const unsubscribe = buffer.subscribe((e) => {
      seen.push(e);
      unsubscribe();
    });
    buffer.push(entry(1));
    buffer.push(entry(2));
    expect(seen.map((e) => e.msg)).toEqual(['m1']);
  });

  it('keeps notifying subscribers after entries are evicted or cleared', () => {
    const buffer = new LogBuffer(1);
    const seen: LogEntry[] = [];
    buffer.subscribe((e) => seen.push(e));
    buffer.push(entry(1));
    buffer.push(entry(2));
    buffer.clear();
    buffer.push(entry(3));
    expect(seen).toHaveLength(3);
    expect(buffer.list().map((e) => e.msg)).toEqual(['m3']);
  });
});
