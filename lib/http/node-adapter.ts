import 'server-only';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ApiRequest } from './api-request';
import { apiBrowserHeaders, servedOverHttps } from './browser-headers';
import { NodeRequest } from './node-request';
import type { Outcome } from './outcome';
import { errorOutcome } from './respond';
import { errorShapeFor } from './shapes';

type ApiServe = (request: ApiRequest) => Promise<Outcome>;

function writeHead(res: ServerResponse, response: Response, length?: number): void {
  const out: Record<string, string | string[] | number> = {};
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') out[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  if (length !== undefined) out['content-length'] = length;
  res.writeHead(response.status, out);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Writes a Web `Response` to Node's response. A body that is complete after its first chunk
 * (every JSON reply) goes out in one write with a Content-Length; anything longer, and every
 * server-sent event stream, is written chunk by chunk as it is produced.
 */
export async function writeWebResponse(
  res: ServerResponse,
  response: Response,
  method: string,
): Promise<void> {
  if (!response.body || method === 'HEAD' || response.status === 204 || response.status === 304) {
    writeHead(res, response);
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      writeHead(res, response);
      res.flushHeaders();
    } else {
      const first = await reader.read();
      if (first.done) {
        writeHead(res, response, 0);
        return void res.end();
      }
      const second = await reader.read();
      if (second.done) {
        writeHead(res, response, first.value.byteLength);
        return void res.end(first.value);
      }
      writeHead(res, response);
      res.write(first.value);
      if (!res.write(second.value)) await drained(res);
    }
    for (;;) {
      if (res.destroyed) return;
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } finally {
    res.off('close', onClose);
  }
}

/** Writes an `Outcome`: a serialised body goes out in one write with its Content-Length. */
export async function writeOutcome(
  res: ServerResponse,
  outcome: Outcome,
  method: string,
): Promise<void> {
  const { response } = outcome;
  if (response) {
    for (const name of Object.keys(outcome.headers)) {
      response.headers.set(name, outcome.headers[name]);
    }
    return writeWebResponse(res, response, method);
  }
  const headers: Record<string, string | string[] | number> = { ...outcome.headers };
  if (outcome.cookies?.length) headers['set-cookie'] = outcome.cookies;
  const { status, body } = outcome;
  if (body === null || status === 204 || status === 304) {
    res.writeHead(status, headers).end();
    return;
  }
  const bytes = Buffer.from(body, 'utf8');
  headers['content-length'] = bytes.byteLength;
  res.writeHead(status, headers);
  if (method === 'HEAD') res.end();
  else res.end(bytes);
}

/**
 * Serves one Node request with the API dispatcher, without building a Web `Request` or
 * `Response` on the way. Whatever goes wrong answers 500 in the specification's error
 * body (or drops a half-sent response): it never takes the process down.
 */
export async function serveApi(
  serve: ApiServe,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const request = new NodeRequest(req, res);
  // Defaults under whatever the answer sets itself: writeHead's own headers win over these.
  const scheme = (req.socket as TLSSocket).encrypted ? 'https:' : 'http:';
  const secure = servedOverHttps(scheme, request.headers.get('x-forwarded-proto'));
  const browser = apiBrowserHeaders(secure);
  for (const name of Object.keys(browser)) res.setHeader(name, browser[name]);
  try {
    await writeOutcome(res, await serve(request), request.method);
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
    const outcome = errorOutcome(err, errorShapeFor(pathname), crypto.randomUUID(), {
      method: request.method,
      path: pathname,
    });
    await writeOutcome(res, outcome, request.method).catch(() => res.destroy());
  } finally {
    request.discardBody();
  }
}
