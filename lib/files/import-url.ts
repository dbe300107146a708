import 'server-only';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { z } from 'zod';
import { config } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import {
  AppError,
  BadGatewayError,
  ContentTooLargeError,
  GatewayTimeoutError,
} from '@/lib/core/errors';
import type { Item } from '@/lib/system/system-collection';
import { fetchUrl } from './fetch-url';
import { fileFields, filesQuiet } from './service';
import { settle, stage } from './upload';

export const importBody = z
  .object({ url: z.string().min(1).max(2048), data: fileFields.optional() })
  .strict();

/** Why a URL's file did not arrive whole: the time ran out (504), or its server failed (502). */
function unreachable(signal: AbortSignal): Error {
  const seconds = Math.round(config().STORAGE_IMPORT_TIMEOUT_MS / 1000);
  return signal.aborted
    ? new GatewayTimeoutError(
        `The URL's file did not arrive within ${seconds} s; nothing was stored`,
      )
    : new BadGatewayError(
        "The URL's server failed before sending the whole file; nothing was stored",
      );
}

/**
 * Passes bytes through until `limit`, then fails the stream with a 413. A body that ends
 * because the time ran out, or because the source closed before its end, fails too: cut
 * short, it would otherwise be stored as if it were the whole file.
 */
function checked(source: IncomingMessage, limit: number, signal: AbortSignal): Readable {
  const cut = () => unreachable(signal);
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new ContentTooLargeError(`File exceeds the ${limit} byte limit`));
      else done(null, chunk);
    },
    flush(done) {
      done(signal.aborted || !source.complete ? cut() : null);
    },
  });
  source.on('error', () => cap.destroy(cut()));
  source.on('aborted', () => cap.destroy(cut()));
  return source.pipe(cap);
}

function downloadName(url: URL, disposition: string | undefined): string {
  const star = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]).slice(0, 255);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  if (plain) return plain[1].slice(0, 255);
  return (path.posix.basename(decodeURIComponent(url.pathname)) || url.hostname).slice(0, 255);
}

/**
 * POST /files/import: the row is created first, as the caller may (so nobody without
 * create permission makes the server fetch anything), then the URL is fetched with every
 * hop checked, size- and time-capped, and its bytes stored like an upload's.
 */
export async function importFile(
  input: z.infer<typeof importBody>,
  ctx: RequestContext,
): Promise<Item | null> {
  const limit = config().FILES_MAX_UPLOAD_SIZE;
  const source = new URL(input.url, 'http://invalid.invalid');
  const [id] = await filesQuiet.insert(
    [{ filename_download: downloadName(source, undefined), ...input.data }],
    ctx,
  );
  const signal = AbortSignal.timeout(config().STORAGE_IMPORT_TIMEOUT_MS);
  try {
    const { response, url } = await fetchUrl(input.url, signal).catch((err: unknown) => {
      throw err instanceof AppError ? err : unreachable(signal);
    });
    if (Number(response.headers['content-length'] ?? 0) > limit) {
      response.destroy();
      throw new ContentTooLargeError(`File exceeds the ${limit} byte limit`);
    }
    const staged = await stage({
      stream: checked(response, limit, signal),
      mimeType: response.headers['content-type'] ?? '',
    });
    await settle(ctx, String(id), staged);
    if (!input.data?.filename_download) {
      const name = downloadName(url, response.headers['content-disposition']);
      await ctx.db
        .updateTable('daas_files')
        .set({ filename_download: name })
        .where('id', '=', String(id))
        .execute();
    }
  } catch (err) {
    await ctx.db.deleteFrom('daas_files').where('id', '=', String(id)).execute();
    throw err;
  }
  return (await filesQuiet.shown([id], undefined, ctx))[0] ?? null;
}
