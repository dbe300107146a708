import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { config } from '@/lib/core/config';
import { closeDb } from '@/lib/db/client';
import { readerKey, readRouting } from '@/lib/db/replica';
import { anonymous, type Accountability } from '@/lib/core/accountability';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KEYS = ['DATABASE_URL', 'DATABASE_READ_URL', 'DATABASE_READ_STICKY_MS'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function restore(): void {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
}

describe('DATABASE_READ_URL settings', () => {
  afterEach(restore);

  it('refuses a replica without DATABASE_URL: the embedded database has none', () => {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_READ_URL = 'postgres://replica.invalid/app';
    expect(() => config()).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
  });

  it('refuses a sticky window that is not a whole number of milliseconds', () => {
    process.env.DATABASE_READ_STICKY_MS = '-5';
    expect(() => config()).toThrow(/DATABASE_READ_STICKY_MS/);
  });

  it('routes nothing without a replica', () => {
    delete process.env.DATABASE_READ_URL;
    expect(readRouting({ method: 'GET', reader: 'u:1' })).toBeUndefined();
  });
});

describe('read routing', () => {
  beforeEach(() => {
    // No statement is sent: the pool only connects when asked to run one.
    process.env.DATABASE_URL = 'postgres://primary.invalid/app';
    process.env.DATABASE_READ_URL = 'postgres://replica.invalid/app';
    process.env.DATABASE_READ_STICKY_MS = '100';
  });
  afterEach(async () => {
    await closeDb();
    restore();
  });

  it('offers the replica to a GET or HEAD, never to a method that may write', () => {
    expect(readRouting({ method: 'GET', reader: 'u:a' })!.replica()).not.toBeNull();
    expect(readRouting({ method: 'HEAD', reader: 'u:a' })!.replica()).not.toBeNull();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'SEARCH']) {
      const routing = readRouting({ method, reader: 'u:b' })!;
      expect(routing.replica()).toBeNull();
      expect(routing.primaryOnly()).toBe(true);
    }
  });

  it('keeps a request that wrote, and its caller for the window, on the primary', async () => {
    const request = readRouting({ method: 'GET', reader: 'u:writer' })!;
    request.wrote();
    expect(request.replica()).toBeNull();
    expect(readRouting({ method: 'GET', reader: 'u:writer' })!.replica()).toBeNull();
    expect(readRouting({ method: 'GET', reader: 'u:someone-else' })!.replica()).not.toBeNull();
    await sleep(150);
    expect(readRouting({ method: 'GET', reader: 'u:writer' })!.replica()).not.toBeNull();
  });

  it('keys the window by user, or by address for an anonymous caller', () => {
    const user = { ...anonymous('10.0.0.1', null), user: 'u1' } as Accountability;
    expect(readerKey(user)).toBe('u:u1');
    expect(readerKey(anonymous('10.0.0.1', null))).toBe('ip:10.0.0.1');
    expect(readerKey(anonymous(null, null))).toBeNull();
  });
});
