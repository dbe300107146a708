import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { ContentTooLargeError, InvalidPayloadError } from '@/lib/core/errors';

export type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; mimeType: string; stream: Readable };

export interface MultipartLimits {
  /** Bytes per file: past it the file stream errors with a 413. */
  fileSize: number;
  files: number;
  fields: number;
}

/**
 * The parts of a multipart/form-data body in order, streamed: a file part must be read to
 * its end (or destroyed) before the next part arrives, so nothing is buffered whole.
 */
export async function* multipartParts(
  contentType: string,
  body: Readable,
  limits: MultipartLimits,
): AsyncGenerator<Part> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy cuts a file off when it reaches the limit; one byte more keeps a file of exactly
      // the limit whole.
      limits: { fileSize: limits.fileSize + 1, files: limits.files, fields: limits.fields },
    });
  } catch {
    throw new InvalidPayloadError('The multipart body could not be read');
  }
  const queue: Part[] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  parser.on('field', (name, value) => {
    queue.push({ kind: 'field', name, value });
    notify();
  });
  parser.on('file', (name, file, info) => {
    // A PassThrough we own, so a limit hit can surface as an error on the consumer's side.
    const out = new PassThrough();
    // The consumer may not be reading yet (its row is being created); it meets the error
    // when it reads, so an early one must not count as unhandled.
    out.on('error', () => undefined);
    file.on('limit', () => {
      out.destroy(new ContentTooLargeError(`File exceeds the ${limits.fileSize} byte limit`));
      file.resume();
    });
    file.on('error', (err) => out.destroy(err));
    file.pipe(out);
    queue.push({
      kind: 'file',
      name,
      filename: info.filename || 'file',
      mimeType: info.mimeType,
      stream: out,
    });
    notify();
  });
  parser.on('filesLimit', () => {
    failure = new ContentTooLargeError(`At most ${limits.files} files per request`);
    notify();
  });
  parser.on('error', () => {
    failure = new InvalidPayloadError('The multipart body could not be read');
    notify();
  });
  parser.on('close', () => {
    done = true;
    notify();
  });
  body.on('error', () => {
    failure = new InvalidPayloadError('The upload was interrupted');
    notify();
  });
  body.pipe(parser);

  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    body.unpipe(parser);
    body.resume();
  }
}
