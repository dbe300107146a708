import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { logger } from '@/lib/core/logger';
import { createPolicy, grant } from '../helpers/access';
import { setupTestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const app = setupTestApp();

async function tokenUser(module_access: Record<string, boolean> = {}) {
  const token = crypto.randomBytes(24).toString('base64url');
  const user = await createUser({ token });
  await grant({ user: user.id, policy: await createPolicy({ app_access: true, module_access }) });
  return { ...user, token };
}

const marker = () => `m-${crypto.randomBytes(5).toString('hex')}`;

describe('GET /api/logs', () => {
  let reader: { token: string };
  let plain: { token: string };

  beforeAll(async () => {
    reader = await tokenUser({ 'system:logs': true });
    plain = await tokenUser();
  });

  it('answers 401 in the simple shape without credentials', async () => {
    const res = await app.request('/api/logs');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not authenticated', code: 'UNAUTHENTICATED' });
  });

  it('answers 403 to a signed-in user without the system:logs key', async () => {
    const res = await app.request('/api/logs', { token: plain.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('returns recent entries with the total to an administrator', async () => {
    const m = marker();
    logger.info({ marker: m }, 'entry for the admin');
    const res = await app.request('/api/logs', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    const mine = res.body.data.filter((e: { marker?: string }) => e.marker === m);
    expect(mine).toEqual([expect.objectContaining({ level: 30, msg: 'entry for the admin' })]);
    expect(res.body.meta.total).toBe(res.body.data.length);
  });

  it('filters by minimum level and limits to the newest entries', async () => {
    const m = marker();
    logger.info({ marker: m }, 'quiet');
    logger.error({ marker: m }, 'loud');
    logger.warn({ marker: m }, 'newest');
    const token = await app.adminToken();
    const warn = await app.request('/api/logs?level=warn', { token });
    const mine = warn.body.data.filter((e: { marker?: string }) => e.marker === m);
    expect(mine.map((e: { msg: string }) => e.msg)).toEqual(['loud', 'newest']);
    expect(warn.body.data.every((e: { level: number }) => e.level >= 40)).toBe(true);
    const last = await app.request('/api/logs?limit=1', { token });
    expect(last.body.data).toHaveLength(1);
    expect(last.body.data[0]).toMatchObject({ marker: m, msg: 'newest' });
    expect(last.body.meta.total).toBeGreaterThan(1);
    expect((await app.request('/api/logs?level=loud', { token })).status).toBe(400);
    expect((await app.request('/api/logs?limit=-1', { token })).status).toBe(400);
  });

  it('lets a holder of system:logs read', async () => {
    const m = marker();
    logger.warn({ marker: m }, 'for the key holder');
    const res = await app.request('/api/logs', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.some((e: { marker?: string }) => e.marker === m)).toBe(true);
  });
});

describe('DELETE /api/logs', () => {
  it('refuses a system:logs holder and anonymous callers', async () => {
    const holder = await tokenUser({ 'system:logs': true });
    const res = await app.request('/api/logs', { method: 'DELETE', token: holder.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await app.request('/api/logs', { method: 'DELETE' })).status).toBe(401);
    const still = await app.request('/api/logs', { token: holder.token });
    expect(still.body.meta.total).toBeGreaterThan(0);
  });

  it('clears the buffer for an administrator', async () => {
    const token = await app.adminToken();
    logger.info('before clearing');
    const res = await app.request('/api/logs', { method: 'DELETE', token });
    expect(res.status).toBe(204);
    const after = await app.request('/api/logs', { token });
    expect(after.body).toEqual({ data: [], meta: { total: 0 } });
  });
});

describe('GET /api/logs/stream', () => {
  async function open(token?: string, query = '') {
    const { dispatch } = await import('@/lib/http/dispatch');
    const controller = new AbortController();
    const headers = token ? { authorization: `Bearer ${token}` } : undefined;
    const response = await dispatch(
      new Request(`http://localhost/api/logs/stream${query}`, {
        headers,
        signal: controller.signal,
      }),
    );
    return { response, controller };
  }

  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string) {
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  }

  it('sends each new entry as a server-sent event and ends when the client goes away', async () => {
    const { response, controller } = await open(await app.adminToken());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    await readUntil(reader, ': connected');
    const m = marker();
    logger.info({ marker: m }, 'live entry');
    const text = await readUntil(reader, m);
    const event = text.split('\n\n').find((chunk) => chunk.includes(m))!;
    expect(event.startsWith('data: ')).toBe(true);
    expect(JSON.parse(event.slice('data: '.length))).toMatchObject({
      marker: m,
      msg: 'live entry',
    });
    controller.abort();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('sends only entries at or above ?level', async () => {
    const { response, controller } = await open(await app.adminToken(), '?level=error');
    const reader = response.body!.getReader();
    await readUntil(reader, ': connected');
    const m = marker();
    logger.info({ marker: m }, 'skipped');
    logger.error({ marker: m }, 'kept');
    const text = await readUntil(reader, 'kept');
    expect(text).not.toContain('skipped');
    controller.abort();
  });

  it('streams to a system:logs holder and refuses others', async () => {
    const holder = await tokenUser({ 'system:logs': true });
    const ok = await open(holder.token);
    expect(ok.response.status).toBe(200);
    ok.controller.abort();
    await ok.response.body?.cancel().catch(() => undefined);

    const plain = await tokenUser();
    const refused = await open(plain.token);
    expect(refused.response.status).toBe(403);
    expect(await refused.response.json()).toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = await open();
    expect(anonymous.response.status).toBe(401);
  });
});
