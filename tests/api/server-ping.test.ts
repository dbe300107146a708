import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';

const app = setupTestApp();

describe('GET /api/server/ping', () => {
  it('answers pong without credentials', async () => {
    const res = await app.request('/api/server/ping');
    expect(res.status).toBe(200);
    expect(res.text).toBe('pong');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unknown API paths', () => {
  it('answers 404 in the structured envelope', async () => {
    const res = await app.request('/api/definitely/not/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      errors: [{ message: 'Route not found', extensions: { code: 'ROUTE_NOT_FOUND' } }],
    });
  });
});

describe('HEAD /api/server/ping', () => {
  it('answers 200 without credentials, as load balancers probe it', async () => {
    const res = await app.request('/api/server/ping', { method: 'HEAD' });
    expect(res.status).toBe(200);
  });
});
