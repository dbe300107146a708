import 'server-only';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { z } from 'zod';
import { config } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { ContentTooLargeError } from '@/lib/core/errors';
import type { Item } from '@/lib/services/system-collection';
import { fetchUrl, IMPORT_TIMEOUT_MS } from './fetch-url';
import { fileFields, files } from './service';
import { settle, stage } from './upload';

export const importBody = z
  .object({ url: z.string().min(1).max(2048), data: fileFields.optional() })
  .strict();

/** Passes bytes through until `limit`, then fails the stream with a 413. */
function capped(source: Readable, limit: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new ContentTooLargeError(`File exceeds the ${limit} byte limit`));
      else done(null, chunk);
    },
  });
  source.on('error', (err) => cap.destroy(err));
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
  const [id] = await files.insert(
    [{ filename_download: downloadName(source, undefined), ...input.data }],
    ctx,
  );
  const signal = AbortSignal.timeout(IMPORT_TIMEOUT_MS);
  try {
    const { response, url } = await fetchUrl(input.url, signal);
    if (Number(response.headers['content-length'] ?? 0) > limit) {
      response.destroy();
      throw new ContentTooLargeError(`File exceeds the ${limit} byte limit`);
    }
    const staged = await stage({
      stream: capped(response, limit),
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
  return (await files.shown([id], undefined, ctx))[0] ?? null;
}
