import 'server-only';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest } from './api-request';
import { bodyStream, hasBody, NodeRequest, origin, type BodyStream } from './node-request';
import type { Outcome } from './outcome';
import { errorOutcome, errorResponse } from './respond';
import { errorShapeFor } from './shapes';
import { setPeer } from './peer';

type WebHandler = (request: Request) => Promise<Response>;
type ApiServe = (request: ApiRequest) => Promise<Outcome>;

/** Builds the Web `Request` a route handler expects from Node's request, streaming the body. */
export function toWebRequest(
  req: IncomingMessage,
  signal?: AbortSignal,
  body?: BodyStream | null,
): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    // HTTP/2 pseudo-headers (":path") are not valid header names for fetch.
    if (raw[i].charCodeAt(0) !== 58) headers.append(raw[i], raw[i + 1]);
  }
  // As Next does: the peer address stands in when no proxy said who the client is, so the
  // handlers see the same client IP whichever way they are served.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) {
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (body) {
    init.body = body.stream;
    init.duplex = 'half';
  }
  const request = new Request(origin(req) + (req.url ?? '/'), init);
  setPeer(request, req.socket.remoteAddress);
  return request;
}

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

/**
 * Serves one Node request with a Web-standard handler. Whatever goes wrong here answers 500
 * in the specification's error body (or drops a half-sent response): it never takes the
 * process down.
 */
export async function serveWith(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  // The handler of a long-lived response (an event stream) learns the client went away.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? 'GET';
  const body = hasBody(req) ? bodyStream(req) : null;
  try {
    const response = await handler(toWebRequest(req, controller.signal, body));
    await writeWebResponse(res, response, method);
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const requestId = crypto.randomUUID();
    const pathname = (req.url ?? '/').split('?')[0];
    const response = errorResponse(err, errorShapeFor(pathname), requestId);
    await writeWebResponse(res, response, method).catch(() => res.destroy());
  } finally {
    body?.discard();
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
 * `Response` on the way. Like `serveWith`, whatever goes wrong answers 500 in the
 * specification's error body and never takes the process down.
 */
export async function serveApi(
  serve: ApiServe,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const request = new NodeRequest(req, res);
  try {
    await writeOutcome(res, await serve(request), request.method);
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
    const outcome = errorOutcome(err, errorShapeFor(pathname), crypto.randomUUID());
    await writeOutcome(res, outcome, request.method).catch(() => res.destroy());
  } finally {
    request.discardBody();
  }
}
