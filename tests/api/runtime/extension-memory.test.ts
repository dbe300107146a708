import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';
import { createTokenUser, type TokenUser } from '../../helpers/token-users';

process.env.EXTENSION_TIMEOUT_MS = '5000';
process.env.EXTENSION_MEMORY_MB = '32';
const app = setupTestApp();

let admin: TokenUser;
const MB = 1024 * 1024;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
});

async function endpoint(source: string) {
  const res = await app.request('/api/extensions', {
    method: 'POST',
    token: admin.token,
    body: { name: `mem-${crypto.randomBytes(4).toString('hex')}`, type: 'endpoint', source },
  });
  expect(res.status).toBe(201);
  return res.body.data as { name: string };
}

/** Runs `work` while sampling this process's resident memory; the peak growth in MB. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return (peak - base) / MB;
}

// Each way an extension could allocate memory that is not on its capped heap: a
// WebAssembly memory, an array buffer resized in place, a growable shared buffer.
const GREEDY = `export default async () => {
  const out = {};
  const attempt = (name, fn) => { try { out[name] = fn(); } catch (e) { out[name] = 'refused'; } };
  attempt('wasm', () => {
    const m = new WebAssembly.Memory({ initial: 1, maximum: 8192 });
    for (let i = 0; i < 24; i++) m.grow(256);
    new Uint8Array(m.buffer).fill(1);
    return m.buffer.byteLength;
  });
  attempt('resizable', () => {
    const b = new ArrayBuffer(1, { maxByteLength: 512 * 1024 * 1024 });
    b.resize(384 * 1024 * 1024);
    new Uint8Array(b).fill(1);
    return b.byteLength;
  });
  attempt('growable', () => {
    const b = new SharedArrayBuffer(1, { maxByteLength: 512 * 1024 * 1024 });
    b.grow(384 * 1024 * 1024);
    new Uint8Array(b).fill(1);
    return b.byteLength;
  });
  return { status: 200, body: out };
};`;

describe('extension memory of every kind', () => {
  it('keeps WebAssembly and in-place growable buffers from passing the memory cap', async () => {
    const ext = await endpoint(GREEDY);
    const res = await app.request(`/api/ext/${ext.name}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      wasm: 'refused',
      resizable: 'refused',
      growable: 'refused',
    });
  });

  it('keeps the server memory bounded while three extensions try at once', async () => {
    const ext = await endpoint(GREEDY);
    const growth = await peakGrowth(() =>
      Promise.all([1, 2, 3].map(() => app.request(`/api/ext/${ext.name}`, { token: admin.token }))),
    );
    // Three isolates of 32 MB each plus their overhead; without the cap one call alone
    // holds more than 380 MB.
    expect(growth).toBeLessThan(200);
  });

  it('leaves an extension that allocates within the cap working', async () => {
    const ext = await endpoint(`export default async () => {
      const b = new Uint8Array(new ArrayBuffer(4 * 1024 * 1024)).fill(7);
      return { status: 200, body: { sum: b[0] + b[b.length - 1], wasm: typeof WebAssembly } };
    };`);
    const res = await app.request(`/api/ext/${ext.name}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sum: 14, wasm: 'undefined' });
  });
});
