import 'server-only';
import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { config } from '@/lib/core/config';
import type { RequestContext } from '@/lib/core/context';
import { AppError, fieldExtensions, InvalidPayloadError } from '@/lib/core/errors';
import { issueProblems } from '@/lib/core/parse';
import { logger } from '@/lib/core/logger';
import type { Item } from '@/lib/system/system-collection';
import { multipartParts } from './multipart';
import { fileFields, files, filesQuiet, type FileFields } from './service';
import { extensionFor, sniffType, SNIFF_BYTES } from './sniff';
import { defaultStorageName, storage } from './storage';
import type { StorageDriver } from './storage/types';
import { titleFromFilename } from './title';

export interface UploadBody {
  contentType: string;
  body: Readable;
}

/** The first bytes of a stream for sniffing, and a stream that replays them before the rest. */
async function peek(stream: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(next.value as Uint8Array);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Uint8Array;
    }
  }
  return { head: head.subarray(0, SNIFF_BYTES), whole: Readable.from(replay()) };
}

const RASTER = /^image\/(jpeg|png|gif|webp|avif|tiff|heif|heic)$/;

async function dimensions(driver: StorageDriver, key: string, type: string) {
  if (!RASTER.test(type)) return { width: null, height: null };
  try {
    const meta = await (await driver.read(key)).pipe(sharp()).metadata();
    return { width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    // Bytes that claim to be an image but don't decode are kept without dimensions.
    return { width: null, height: null };
  }
}

interface Stored {
  key: string;
  type: string;
  size: number;
}

export type Staged = Stored & { driver: StorageDriver };

/** Writes incoming bytes under a staging key; the caller moves them into place once allowed. */
export async function stage(part: { stream: Readable; mimeType: string }): Promise<Staged> {
  const driver = storage(defaultStorageName());
  const { head, whole } = await peek(part.stream);
  const type = await sniffType(head, part.mimeType);
  const key = `staging/${crypto.randomUUID()}`;
  try {
    // Errors of the part (a size limit) reach the writer through the pass-through.
    const through = new PassThrough();
    whole.on('error', (err) => through.destroy(err));
    part.stream.on('error', (err) => through.destroy(err));
    const size = await driver.write(key, whole.pipe(through));
    return { driver, key, type, size };
  } catch (err) {
    await driver.delete(key).catch(() => undefined);
    throw err;
  }
}

/** The server's own columns, written past the permission checks: no client chooses them. */
export async function settle(ctx: RequestContext, id: string, staged: Staged) {
  const finalKey = `${id}.${extensionFor(staged.type)}`;
  await staged.driver.move(staged.key, finalKey);
  const { width, height } = await dimensions(staged.driver, finalKey, staged.type);
  const now = new Date();
  const before = await ctx.db
    .selectFrom('daas_files')
    .select(['filename_disk', 'storage'])
    .where('id', '=', id)
    .executeTakeFirst();
  await ctx.db
    .updateTable('daas_files')
    .set({
      storage: staged.driver.name,
      filename_disk: finalKey,
      type: staged.type,
      filesize: staged.size,
      width,
      height,
      modified_on: now,
      modified_by: ctx.accountability.user,
      uploaded_on: now,
    })
    .where('id', '=', id)
    .execute();
  if (before?.filename_disk && before.filename_disk !== finalKey) {
    await storage(before.storage).delete(before.filename_disk);
  }
  await staged.driver.deletePrefix(`transforms/${id}-`);
}

export function metadataFrom(fields: Record<string, string>): FileFields {
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (['tags', 'metadata', 'focal_point_x', 'focal_point_y'].includes(name)) {
      try {
        raw[name] = JSON.parse(value);
      } catch {
        throw new InvalidPayloadError(`Field "${name}" must be JSON`);
      }
    } else raw[name] = value === '' && name !== 'filename_download' ? null : value;
  }
  const parsed = fileFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problems = issueProblems(parsed.error.issues);
    throw new InvalidPayloadError(
      `Invalid payload: "${issue.path.join('.') || 'payload'}": ${issue.message}`,
      problems.length ? { extensions: fieldExtensions(problems) } : undefined,
    );
  }
  return parsed.data;
}

function limits() {
  return { fileSize: config().FILES_MAX_UPLOAD_SIZE, files: 20, fields: 50 };
}

/**
 * POST /files: metadata fields first, then one or more files. Each file's row is created as
 * the caller may (so a refused upload stores nothing), its bytes streamed to storage, then
 * its sniffed type, size and dimensions recorded. All or nothing: a failure anywhere in the
 * request (a refused part, one past the file count, a broken body) removes every file it
 * had stored, rows and bytes.
 */
export async function uploadFiles(input: UploadBody, ctx: RequestContext): Promise<Item[]> {
  const fields: Record<string, string> = {};
  const created: string[] = [];
  try {
    for await (const part of multipartParts(input.contentType, input.body, limits())) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      const meta = metadataFrom(fields);
      const title = titleFromFilename(part.filename);
      const [id] = await filesQuiet.insert(
        [{ filename_download: part.filename, title, ...meta }],
        ctx,
      );
      created.push(String(id));
      await settle(ctx, String(id), await stage(part));
    }
  } catch (err) {
    await discard(ctx, created);
    throw err;
  }
  if (!created.length) throw new InvalidPayloadError('No file was sent');
  return (await filesQuiet.shown(created, undefined, ctx)) as Item[];
}

/** Removes files of a failed upload: their bytes in whichever storage, then their rows. */
async function discard(ctx: RequestContext, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await ctx.db
    .selectFrom('daas_files')
    .select(['id', 'storage', 'filename_disk'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    if (!row.filename_disk) continue;
    const driver = storage(row.storage);
    await driver.delete(row.filename_disk).catch((err: unknown) => {
      logger.warn({ err, id: row.id }, 'bytes of a failed upload were not removed');
    });
    await driver.deletePrefix(`transforms/${row.id}-`).catch(() => undefined);
  }
  await ctx.db.deleteFrom('daas_files').where('id', 'in', ids).execute();
}

/**
 * PATCH /files/:id as multipart: new bytes (and metadata) for a file. The bytes are staged
 * first and moved into place only after the update is allowed, so a refused or failed
 * replacement leaves the old bytes as they were.
 */
export async function replaceFile(
  input: UploadBody & { id: string },
  ctx: RequestContext,
): Promise<Item | null> {
  const fields: Record<string, string> = {};
  let staged: Staged | null = null;
  try {
    for await (const part of multipartParts(input.contentType, input.body, limits())) {
      if (part.kind === 'field') fields[part.name] = part.value;
      else if (staged) throw new InvalidPayloadError('Replace a file with exactly one file part');
      else staged = await stage(part);
    }
    if (!staged) throw new InvalidPayloadError('No file was sent');
    const updated = await files.update(
      { params: { id: input.id }, body: metadataFrom(fields) },
      ctx,
    );
    await settle(ctx, input.id, staged);
    staged = null;
    return (await files.shown([input.id], undefined, ctx))[0] ?? updated ?? null;
  } catch (err) {
    if (staged) await staged.driver.delete(staged.key).catch(() => undefined);
    if (!(err instanceof AppError)) logger.warn({ err }, 'file replacement failed');
    throw err;
  }
}
