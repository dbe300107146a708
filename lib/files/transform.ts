import 'server-only';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { InvalidQueryError } from '@/lib/core/errors';
import type { StorageDriver } from './storage/types';

/** Largest width or height a transform may ask for (Directus' default image cap). */
export const MAX_TRANSFORM_DIMENSION = 6000;
/** Largest source image, in pixels, that is decoded for a transform. */
export const MAX_TRANSFORM_INPUT_PIXELS = 100_000_000;

const dimension = z.coerce.number().int().min(1).max(MAX_TRANSFORM_DIMENSION);
const flag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

export const assetQuery = z
  .object({
    width: dimension.optional(),
    height: dimension.optional(),
    fit: z.enum(['cover', 'contain', 'inside', 'outside']).optional(),
    quality: z.coerce.number().int().min(1).max(100).optional(),
    format: z.enum(['jpg', 'jpeg', 'png', 'webp', 'avif', 'auto']).optional(),
    withoutEnlargement: flag.optional(),
    download: z.string().optional(),
    key: z.string().max(255).optional(),
  })
  .loose();
export type AssetQuery = z.infer<typeof assetQuery>;

export interface Transform {
  width?: number;
  height?: number;
  fit: 'cover' | 'contain' | 'inside' | 'outside';
  quality?: number;
  format: 'jpeg' | 'png' | 'webp' | 'avif';
  withoutEnlargement: boolean;
}

const TRANSFORMABLE = /^image\/(jpeg|png|gif|webp|avif|tiff)$/;
const FORMAT_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

function sourceFormat(type: string): Transform['format'] {
  if (type === 'image/png' || type === 'image/gif') return 'png';
  if (type === 'image/webp') return 'webp';
  if (type === 'image/avif') return 'avif';
  return 'jpeg';
}

export interface NamedTransform {
  key: string;
  width?: number;
  height?: number;
  fit?: Transform['fit'];
  quality?: number;
  format?: AssetQuery['format'];
  withoutEnlargement?: boolean;
}

/**
 * The transform a query asks for, or null when it asks for the original bytes. `key` names a
 * preset of the settings (`storage_asset_presets`) and is not combined with other parameters.
 */
export function transformOf(
  query: AssetQuery,
  type: string,
  accept: string | null,
  presets: readonly NamedTransform[] = [],
): Transform | null {
  if (query.key !== undefined) {
    const own = ['width', 'height', 'fit', 'quality', 'format', 'withoutEnlargement'] as const;
    if (own.some((p) => query[p] !== undefined)) {
      throw new InvalidQueryError('"key" names a preset; leave out the other transform parameters');
    }
    const preset = presets.find((p) => p.key === query.key);
    if (!preset) throw new InvalidQueryError(`No asset preset "${query.key}"`);
    const { key: _key, ...params } = preset;
    return transformOf(params, type, accept);
  }
  const asked =
    query.width !== undefined ||
    query.height !== undefined ||
    query.fit !== undefined ||
    query.quality !== undefined ||
    query.format !== undefined;
  if (!asked) return null;
  if (!TRANSFORMABLE.test(type)) {
    throw new InvalidQueryError(`Files of type ${type} can't be transformed`);
  }
  let format: Transform['format'];
  if (query.format === 'auto' || query.format === undefined) {
    const a = accept ?? '';
    format =
      query.format === 'auto' && a.includes('image/avif')
        ? 'avif'
        : query.format === 'auto' && a.includes('image/webp')
          ? 'webp'
          : sourceFormat(type);
  } else format = query.format === 'jpg' ? 'jpeg' : query.format;
  return {
    width: query.width,
    height: query.height,
    fit: query.fit ?? 'cover',
    quality: query.quality,
    format,
    withoutEnlargement: query.withoutEnlargement ?? false,
  };
}

export function transformType(t: Transform): string {
  return FORMAT_TYPES[t.format];
}

/** Where a transform's result is cached: one key per file and distinct parameters. */
export function transformKey(fileId: string, t: Transform): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify(t)).digest('hex').slice(0, 24);
  return `transforms/${fileId}-${digest}.${t.format}`;
}

/** Renders the transform from the stored original into the cache, unless it is there. */
export async function ensureTransformed(
  driver: StorageDriver,
  source: string,
  target: string,
  t: Transform,
): Promise<number> {
  const cached = await driver.size(target);
  // An empty object is no image: a write that failed half-way, made again.
  if (cached !== null && cached > 0) return cached;
  const pipeline = sharp({ limitInputPixels: MAX_TRANSFORM_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: t.width,
      height: t.height,
      fit: t.fit,
      withoutEnlargement: t.withoutEnlargement,
    })
    .toFormat(t.format, t.quality ? { quality: t.quality } : {});
  const original = await driver.read(source);
  original.on('error', (err) => pipeline.destroy(err));
  try {
    return await driver.write(target, original.pipe(pipeline));
  } catch {
    throw new InvalidQueryError('The image could not be transformed (too large or damaged)');
  }
}
