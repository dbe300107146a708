import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitter } from '@/lib/events/emitter';
import { setupTestApp } from '../helpers/app';
import { createUser, uniqueEmail } from '../helpers/users';

const app = setupTestApp();

interface Line {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

async function logLines(): Promise<Line[]> {
  const res = await app.request('/api/logs?level=warn', { token: await app.adminToken() });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('failed sign-ins in the logs module', () => {
  it('logs a warning for a wrong password: masked email, reason and address, never the password', async () => {
    const user = await createUser({ email: uniqueEmail('mallory') });
    const password = `wrong-${crypto.randomBytes(6).toString('hex')}`;
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email: user.email, password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(401);

    const mine = (await logLines()).filter(
      (l) => l.msg === 'sign-in failed' && String(l.email).endsWith('@example.com'),
    );
    const line = mine.find((l) => String(l.email).startsWith(user.email.slice(0, 2)));
    expect(line).toMatchObject({
      level: 40,
      event: 'auth.login.failed',
      method: 'password',
      reason: 'INVALID_CREDENTIALS',
      status: 401,
      email: `${user.email.slice(0, 2)}***@example.com`,
      email_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(line).toHaveProperty('ip');
    const text = JSON.stringify(mine);
    expect(text).not.toContain(password);
    expect(text).not.toContain(user.email);
  });

  it('logs an unknown email the same way, so the log tells no more than the answer', async () => {
    const email = uniqueEmail('nobody');
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'whatever-it-is' },
    });
    expect(res.status).toBe(401);
    const digest = crypto.createHash('sha256').update(email).digest('hex').slice(0, 16);
    const line = (await logLines()).find((l) => l.email_hash === digest);
    expect(line).toMatchObject({ reason: 'INVALID_CREDENTIALS', method: 'password' });
  });

  it('logs nothing for a successful sign-in', async () => {
    const user = await createUser({ email: uniqueEmail('fine') });
    expect(
      (
        await app.request('/api/auth/login', {
          method: 'POST',
          body: { email: user.email, password: user.password },
        })
      ).status,
    ).toBe(200);
    const digest = crypto.createHash('sha256').update(user.email).digest('hex').slice(0, 16);
    expect((await logLines()).filter((l) => l.email_hash === digest)).toEqual([]);
  });
});

describe('5xx answers in the logs module', () => {
  const collection = `probe_${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    const res = await app.request('/api/collections', {
      method: 'POST',
      token: await app.adminToken(),
      body: {
        collection,
        schema: {},
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
          },
        ],
      },
    });
    expect(res.status).toBeLessThan(300);
  });

  it('logs an error line with method, path, status and code, and tells the client nothing more', async () => {
    const detail = `probe exploded near select * from secrets ${crypto.randomBytes(4).toString('hex')}`;
    const off = emitter().onFilter(`${collection}.items.query`, () => {
      throw new Error(detail);
    });
    try {
      const res = await app.request(
        `/api/items/${collection}?filter[id][_eq]=424242&search=hunter2`,
        {
          token: await app.adminToken(),
        },
      );
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('INTERNAL_SERVER_ERROR');
      expect(res.text).not.toContain('probe exploded');
      const requestId = res.headers.get('x-request-id');

      const line = (await logLines()).find((l) => l.requestId === requestId);
      expect(line).toMatchObject({
        level: 50,
        event: 'http.error',
        method: 'GET',
        path: `/api/items/${collection}`,
        status: 500,
        code: 'INTERNAL_SERVER_ERROR',
      });
      // The detail stays in the server's own log line, the query's values nowhere.
      expect(JSON.stringify(line)).toContain(detail);
      expect(JSON.stringify(line)).not.toContain('hunter2');
      expect(JSON.stringify(line)).not.toContain('424242');
    } finally {
      off();
    }
  });

  it('logs a 5xx the application answers on purpose too, with its code', async () => {
    const { AppError } = await import('@/lib/core/errors');
    const off = emitter().onFilter(`${collection}.items.query`, () => {
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'Try again later');
    });
    try {
      const res = await app.request(`/api/items/${collection}`, { token: await app.adminToken() });
      expect(res.status).toBe(503);
      const line = (await logLines()).find((l) => l.requestId === res.headers.get('x-request-id'));
      expect(line).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', method: 'GET' });
    } finally {
      off();
    }
  });

  it('logs no error line for a 4xx answer', async () => {
    const res = await app.request(`/api/items/${collection}?limit=nope`, {
      token: await app.adminToken(),
    });
    expect(res.status).toBe(400);
    const lines = (await logLines()).filter((l) => l.requestId === res.headers.get('x-request-id'));
    expect(lines).toEqual([]);
  });
});
