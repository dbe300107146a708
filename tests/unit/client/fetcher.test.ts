import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, ApiError, parseApiError } from '@/lib/client/fetcher';

describe('parseApiError', () => {
  it('reads message and code from the simple body', () => {
    const err = parseApiError(401, {
      error: 'Invalid user credentials',
      code: 'INVALID_CREDENTIALS',
    });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid user credentials',
    });
  });

  it('reads message and code from the structured envelope', () => {
    const err = parseApiError(403, {
      errors: [
        { message: "You don't have permission to access this.", extensions: { code: 'FORBIDDEN' } },
      ],
    });
    expect(err).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: "You don't have permission to access this.",
    });
  });

  it('derives the code from the status when the simple body has none', () => {
    expect(parseApiError(401, { error: 'Not authenticated' }).code).toBe('UNAUTHENTICATED');
    expect(parseApiError(429, { error: 'Slow down' }).code).toBe('REQUESTS_EXCEEDED');
  });

  it('derives the code from the status when the envelope entry has no extensions', () => {
    expect(parseApiError(400, { errors: [{ message: 'Bad' }] }).code).toBe('INVALID_PAYLOAD');
  });

  it('answers INTERNAL_SERVER_ERROR for a 5xx without a readable body', () => {
    expect(parseApiError(502, undefined)).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'HTTP 502',
    });
    expect(parseApiError(500, '<html>')).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('answers UNKNOWN for an unmapped client status without a code', () => {
    expect(parseApiError(418, { unexpected: true }).code).toBe('UNKNOWN');
  });
});

describe('apiFetch', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; contentType?: string; body?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, contentType: req.headers['content-type'], body });
        const send = (status: number, payload?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(payload === undefined ? undefined : JSON.stringify(payload));
        };
        if (req.url === '/ok') return send(200, { data: { id: 1 } });
        if (req.url === '/empty') return send(204);
        if (req.url === '/simple')
          return send(401, { error: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' });
        if (req.url === '/structured')
          return send(403, { errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] });
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<h1>boom</h1>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('returns the parsed JSON of a successful response', async () => {
    await expect(apiFetch(`${base}/ok`)).resolves.toEqual({ data: { id: 1 } });
  });

  it('returns undefined for 204', async () => {
    await expect(apiFetch(`${base}/empty`, { method: 'POST' })).resolves.toBeUndefined();
  });

  it('sends a JSON body with its content type', async () => {
    await apiFetch(`${base}/ok`, { method: 'POST', body: { email: 'a@b.c' } });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"email":"a@b.c"}',
    });
  });

  it('throws an ApiError with the code of a simple error body', async () => {
    await expect(apiFetch(`${base}/simple`)).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('throws an ApiError with the code of a structured error body', async () => {
    await expect(apiFetch(`${base}/structured`)).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('throws INTERNAL_SERVER_ERROR for a non-JSON 500', async () => {
    await expect(apiFetch(`${base}/html`)).rejects.toMatchObject({
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
    });
  });

  it('throws NETWORK_ERROR when the server cannot be reached', async () => {
    await expect(apiFetch('http://127.0.0.1:1/nothing')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});
