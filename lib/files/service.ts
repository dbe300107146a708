import 'server-only';
import { z } from 'zod';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError } from '@/lib/core/errors';
import { SystemService, type Item, type Key } from '@/lib/system/system-collection';
import { storage } from './storage';

/** What a client may set on a file; the rest (type, size, storage, dimensions) is ours. */
export const fileFields = z
  .object({
    title: z.string().max(255).nullable(),
    description: z.string().max(100_000).nullable(),
    filename_download: z.string().trim().min(1).max(255),
    folder: z.uuid().nullable(),
    tags: z.array(z.string().max(255)).max(100).nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    location: z.string().max(10_000).nullable(),
    focal_point_x: z.number().int().nullable(),
    focal_point_y: z.number().int().nullable(),
    scope: z.uuid().nullable(),
  })
  .partial()
  .strict();
export type FileFields = z.infer<typeof fileFields>;

export const folderFields = z
  .object({
    id: z.uuid(),
    name: z.string().trim().min(1, 'Name is required').max(255),
    parent: z.uuid().nullable(),
  })
  .partial()
  .strict();
export const createFoldersBody = z.union([folderFields, z.array(folderFields).min(1)]);

export const files = new SystemService({
  collection: 'daas_files',
  keyType: 'uuid',
  replica: true,
});

/**
 * daas_files as GET and POST /api/files reach it: the specification's event table lists
 * "GET/POST /api/files: No events (bypasses emitter)", so these reads and writes run no
 * item hooks. PATCH and DELETE, which the table leaves out, emit as Directus does, and so
 * do the MCP files tool ("MCP tools for ... daas_files emit the standard item events").
 */
export const filesQuiet = new SystemService({
  collection: 'daas_files',
  keyType: 'uuid',
  silent: true,
  replica: true,
});

/** A folder needs a name and may not end up inside itself. */
async function checkFolder(after: Item, ctx: RequestContext): Promise<void> {
  if (typeof after.name !== 'string' || !after.name.trim()) {
    throw new InvalidPayloadError('Field "name" is required');
  }
  let parent = typeof after.parent === 'string' ? after.parent : null;
  const seen = new Set<string>(after.id ? [String(after.id)] : []);
  while (parent) {
    if (seen.has(parent)) throw new InvalidPayloadError("A folder can't be inside itself");
    seen.add(parent);
    const row = await ctx.db
      .selectFrom('daas_folders')
      .select('parent')
      .where('id', '=', parent)
      .executeTakeFirst();
    if (!row) throw new InvalidPayloadError(`Parent folder "${parent}" doesn't exist`);
    parent = row.parent;
  }
}

export const folders = new SystemService({
  collection: 'daas_folders',
  keyType: 'uuid',
  check: checkFolder,
});

interface Stored {
  id: string;
  storage: string;
  filename_disk: string | null;
}

export async function storedFiles(ctx: RequestContext, keys: Key[]): Promise<Stored[]> {
  const ids = keys.map(String);
  if (!ids.length) return [];
  return ctx.db
    .selectFrom('daas_files')
    .select(['id', 'storage', 'filename_disk'])
    .where('id', 'in', ids)
    .execute();
}

/** The bytes and cached transforms of files whose rows are gone. */
export async function dropBytes(ctx: RequestContext, before: Stored[]): Promise<void> {
  if (!before.length) return;
  const left = new Set(
    (
      await ctx.db
        .selectFrom('daas_files')
        .select('id')
        .where(
          'id',
          'in',
          before.map((f) => f.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  for (const file of before.filter((f) => !left.has(f.id))) {
    const driver = storage(file.storage);
    if (file.filename_disk) await driver.delete(file.filename_disk);
    await driver.deletePrefix(`transforms/${file.id}-`);
  }
}

/** Deletes files as the caller may, then their bytes: the rows first, so a refusal keeps both. */
export async function removeFiles(ctx: RequestContext, keys: Key[], one: boolean): Promise<void> {
  const before = await storedFiles(ctx, keys);
  if (one) await files.remove({ params: { id: String(keys[0]) } }, ctx);
  else await files.removeBatch({ body: keys.map(String) }, ctx);
  await dropBytes(ctx, before);
}
