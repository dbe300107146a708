import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serveApi } from '@/lib/http/node-adapter';
import { responseOutcome } from '@/lib/http/outcome';
import { close, listen } from '../../helpers/node-http';

let server: http.Server | undefined;

/** Serves the `Response` a handler builds itself (plain text, a stream, an event stream). */
async function serve(handler: () => Promise<Response>): Promise<string> {
  server = http.createServer(
    (req, res) => void serveApi(async () => responseOutcome(await handler()), req, res),
  );
  return listen(server);
}

afterEach(async () => {
  await close(server);
  server = undefined;
});

describe('writing a Response a handler built to node:http', () => {
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
});
