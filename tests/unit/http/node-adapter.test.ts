import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { close, listen, postJson, postOnOneSocket } from '../../helpers/node-http';
import { serveWith } from '@/lib/http/node-adapter';

type Handler = (request: Request) => Promise<Response>;
let server: http.Server | undefined;

async function serve(handler: Handler): Promise<string> {
  server = http.createServer((req, res) => void serveWith(handler, req, res));
  return listen(server);
}

afterEach(async () => {
  await close(server);
  server = undefined;
});

describe('serving a Web handler from node:http', () => {
  it('passes method, full URL, headers and the client address to the handler', async () => {
    let seen: Request | undefined;
    const base = await serve(async (request) => {
      seen = request;
      return new Response('ok');
    });
    await fetch(`${base}/api/x/y?a=1&b=%20`, { method: 'DELETE', headers: { 'x-custom': 'v' } });
    expect(seen!.method).toBe('DELETE');
    expect(seen!.url).toBe(`${base}/api/x/y?a=1&b=%20`);
    expect(seen!.headers.get('x-custom')).toBe('v');
    expect(seen!.headers.get('x-forwarded-for')).toBe('127.0.0.1');
    expect(seen!.body).toBeNull();
  });

  it('keeps a forwarded client address a proxy already set', async () => {
    let ip: string | null = null;
    const base = await serve(async (request) => {
      ip = request.headers.get('x-forwarded-for');
      return new Response(null, { status: 204 });
    });
    await fetch(base, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(ip).toBe('203.0.113.9');
  });

  it('streams a request body to the handler', async () => {
    const base = await serve(async (request) => Response.json(await request.json()));
    const payload = { text: 'é'.repeat(100_000) };
    expect(await postJson(base, payload)).toEqual(payload);
  });

  it('keeps a keep-alive connection usable after a body the handler did not read', async () => {
    const base = await serve(async () => new Response('no', { status: 401 }));
    const { statuses, connections } = await postOnOneSocket(server!, base, 3, 'a'.repeat(2e6));
    expect(statuses).toEqual([401, 401, 401]);
    expect(connections).toBe(1);
  }, 5_000);

  it('writes status, headers, every cookie and a Content-Length for a one-piece body', async () => {
    const base = await serve(async () => {
      const headers = new Headers({ 'content-type': 'application/json', 'x-a': '1' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
      return new Response('{"data":1}', { status: 201, headers });
    });
    const res = await fetch(base);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-a')).toBe('1');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(await res.text()).toBe('{"data":1}');
  });

  it('sends no body for HEAD', async () => {
    const base = await serve(async () => new Response('some body'));
    const res = await fetch(base, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('delivers each server-sent event before the stream ends', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const base = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('data: first\n\n'));
          await released;
          controller.enqueue(new TextEncoder().encode('data: second\n\n'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const res = await fetch(base);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    release();
    const rest = await new Response(
      new ReadableStream({
        async pull(c) {
          const { done, value } = await reader.read();
          if (done) c.close();
          else c.enqueue(value);
        },
      }),
    ).text();
    expect(rest).toBe('data: second\n\n');
  });

  it('streams a body of many chunks in order', async () => {
    const parts = Array.from({ length: 50 }, (_, i) => `line ${i}\n`);
    const base = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.length ? parts.shift() : undefined;
          if (next) controller.enqueue(new TextEncoder().encode(next));
          else controller.close();
        },
      });
      return new Response(body);
    });
    const expected = Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join('');
    expect(await (await fetch(base)).text()).toBe(expected);
  });

  it('answers 500 in the error envelope when the handler throws, and keeps serving', async () => {
    let calls = 0;
    const base = await serve(async () => {
      calls++;
      if (calls === 1) throw new Error('secret database detail');
      return new Response('fine');
    });
    const res = await fetch(`${base}/api/settings`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret database detail');
    expect(JSON.parse(text).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await fetch(base)).text()).toBe('fine');
  });
});
