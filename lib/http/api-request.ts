/**
 * What the route layer reads of a request. A Web `Request` (Next, the in-process tests) has
 * all of it; the production server hands the handlers a lighter object built straight from
 * Node's request, because constructing a Web `Request` per call costs more than the rest of
 * a cached read.
 */
export interface ApiRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  /** Aborts when the client goes away (long-lived responses listen to it). */
  readonly signal: AbortSignal;
  /** The whole body without a Web stream, where the request can (see NodeRequest). */
  readAll?(limit: number, tooLarge: () => Error): Promise<Buffer | null> | undefined;
}
