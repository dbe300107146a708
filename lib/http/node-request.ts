import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { publicUrl } from '@/lib/core/config';
import type { ApiRequest } from './api-request';
import { setPeer } from './peer';

const BODYLESS = new Set(['GET', 'HEAD']);

function origin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (!host) return publicUrl();
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '';
  const scheme =
    proto === 'https' || proto === 'http'
      ? proto
      : (req.socket as TLSSocket).encrypted
        ? 'https'
        : 'http';
  return `${scheme}://${host}`;
}

function hasBody(req: IncomingMessage): boolean {
  if (BODYLESS.has(req.method ?? 'GET')) return false;
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

interface BodyStream {
  stream: ReadableStream<Uint8Array>;
  /** Throws away whatever the handler left unread, so the connection can serve the next request. */
  discard(): void;
}

function bodyStream(req: IncomingMessage): BodyStream {
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (open) controller.close();
        open = false;
      });
      req.once('error', (err) => {
        if (open) controller.error(err);
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
  return {
    stream,
    discard() {
      open = false;
      if (!req.complete) req.resume();
    },
  };
}

/**
 * Node's parsed headers behind the `get()` of Web `Headers`. As Next does, the peer address
 * stands in for X-Forwarded-For when no proxy set it, so the handlers see the same client IP
 * whichever way they are served.
 */
class NodeHeaders {
  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    const value = this.req.headers[key];
    if (value === undefined) {
      return key === 'x-forwarded-for' ? (this.req.socket.remoteAddress ?? null) : null;
    }
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

/**
 * The request the production server hands the route layer: read straight from Node's request,
 * with the body stream and the abort signal made only when a handler asks for them.
 */
export class NodeRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: NodeHeaders;
  private stream: BodyStream | null | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.method = req.method ?? 'GET';
    this.url = origin(req) + (req.url ?? '/');
    this.headers = new NodeHeaders(req);
    setPeer(this, req.socket.remoteAddress);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) this.stream = hasBody(this.req) ? bodyStream(this.req) : null;
    return this.stream?.stream ?? null;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      if (this.res.closed) controller.abort();
      else
        this.res.once('close', () => {
          if (!this.res.writableFinished) controller.abort();
        });
    }
    return this.controller.signal;
  }

  /**
   * The whole body straight from Node's stream (no Web stream in between), refused with
   * `tooLarge()` past `limit` bytes; null without a body. Undefined once a handler took the
   * stream: read that instead.
   */
  readAll(limit: number, tooLarge: () => Error): Promise<Buffer | null> | undefined {
    if (this.stream !== undefined) return undefined;
    this.stream = null;
    if (!hasBody(this.req)) return Promise.resolve(null);
    const req = this.req;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (err?: Error) => {
        req.off('data', onData).off('end', onEnd).off('error', done);
        if (err) {
          req.resume(); // drop the rest; the connection still answers
          reject(err);
        } else resolve(Buffer.concat(chunks, size));
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) done(tooLarge());
        else chunks.push(chunk);
      };
      const onEnd = () => done();
      req.on('data', onData).once('end', onEnd).once('error', done);
    });
  }

  /** Drains what the handler left unread, so the connection can serve the next request. */
  discardBody(): void {
    if (this.stream) this.stream.discard();
    else if (this.stream === undefined && !this.req.complete) this.req.resume();
  }
}
