import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { close, listen, postJson, postOnOneSocket } from '../../helpers/node-http';
import type { ApiRequest } from '@/lib/http/api-request';
import { readJsonBody } from '@/lib/http/input';
import { serveApi } from '@/lib/http/node-adapter';
import type { Outcome } from '@/lib/http/outcome';
import { peerOf } from '@/lib/http/peer';

type Serve = (request: ApiRequest) => Promise<Outcome>;
let server: http.Server | undefined;

async function serve(handler: Serve): Promise<string> {
  server = http.createServer((req, res) => void serveApi(handler, req, res));
  return listen(server);
}

function text(body: string, status = 200, headers: Record<string, string> = {}): Outcome {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body };
}

function get(url: string, headers: Record<string, string | string[]>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

afterEach(async () => {
  await close(server);
  server = undefined;
});

describe('serving the API from node:http without Web requests', () => {
  it('gives the handler method, full URL, headers, body and the TCP peer', async () => {
    let seen: { method: string; url: string; custom: string | null; body: unknown } | undefined;
    let peer: string | undefined;
    const base = await serve(async (request) => {
      seen = {
        method: request.method,
        url: request.url,
        custom: request.headers.get('X-Custom'),
        body: request.body,
      };
      peer = peerOf(request);
      return text('ok');
    });
    await fetch(`${base}/api/x/y?a=1&b=%20`, { method: 'DELETE', headers: { 'x-custom': 'v' } });
    expect(seen).toEqual({
      method: 'DELETE',
      url: `${base}/api/x/y?a=1&b=%20`,
      custom: 'v',
      body: null,
    });
    expect(peer).toBe('127.0.0.1');
  });

  it('stands the peer in for X-Forwarded-For only when no proxy set it', async () => {
    const seen: (string | null)[] = [];
    const base = await serve(async (request) => {
      seen.push(request.headers.get('x-forwarded-for'));
      return text('ok');
    });
    await fetch(base);
    await fetch(base, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen).toEqual(['127.0.0.1', '203.0.113.9']);
  });

  it('joins a repeated header and answers null for an absent one', async () => {
    const seen: (string | null)[] = [];
    const base = await serve(async (request) => {
      seen.push(request.headers.get('x-list'), request.headers.get('x-absent'));
      return text('ok');
    });
    expect(await get(base, { 'x-list': ['a', 'b'] })).toBe(200);
    expect(seen).toEqual(['a, b', null]);
  });

  it('streams a JSON body to the handler', async () => {
    const base = await serve(async (request) => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await readJsonBody(request)),
    }));
    const payload = { text: 'é'.repeat(100_000) };
    expect(await postJson(base, payload)).toEqual(payload);
  });

  it('keeps a keep-alive connection usable after a body the handler did not read', async () => {
    const base = await serve(async () => text('no', 401));
    const { statuses, connections } = await postOnOneSocket(server!, base, 3, 'a'.repeat(2e6));
    expect(statuses).toEqual([401, 401, 401]);
    expect(connections).toBe(1);
  }, 5_000);

  it('writes status, headers, every cookie and the byte length of the body', async () => {
    const base = await serve(async () => ({
      ...text('{"data":"é"}', 201, { 'x-a': '1' }),
      cookies: ['a=1; Path=/', 'b=2; Path=/; HttpOnly'],
    }));
    const res = await fetch(base);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-a')).toBe('1');
    expect(res.headers.get('content-length')).toBe('13');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(await res.text()).toBe('{"data":"é"}');
  });

  it('sends the length but no body for HEAD, and nothing for 204', async () => {
    const base = await serve(async (request) =>
      request.url.endsWith('/empty') ? { status: 204, headers: {}, body: null } : text('some body'),
    );
    const head = await fetch(base, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('9');
    expect(await head.text()).toBe('');
    const empty = await fetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('sends a Response the handler built, with the outcome headers added', async () => {
    const base = await serve(async () => ({
      status: 200,
      headers: { 'x-request-id': 'abc' },
      body: null,
      response: new Response('data: one\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
    }));
    const res = await fetch(base);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-request-id')).toBe('abc');
    expect(await res.text()).toBe('data: one\n\n');
  });

  it('aborts the signal when the client goes away from a stream', async () => {
    let aborted!: () => void;
    const gone = new Promise<void>((r) => (aborted = r));
    const base = await serve(async (request) => {
      request.signal.addEventListener('abort', () => aborted());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('data: first\n\n'));
        },
      });
      return {
        status: 200,
        headers: {},
        body: null,
        response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      };
    });
    const controller = new AbortController();
    const res = await fetch(base, { signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    await expect(gone).resolves.toBeUndefined();
  }, 5_000);

  it('answers 500 in the error envelope when the handler throws, and keeps serving', async () => {
    let calls = 0;
    const base = await serve(async () => {
      calls++;
      if (calls === 1) throw new Error('secret database detail');
      return text('fine');
    });
    const res = await fetch(`${base}/api/settings`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret database detail');
    expect(JSON.parse(body).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await fetch(base)).text()).toBe('fine');
  });
});
