import zlib from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of the given size, made here so the tests carry no binary fixtures. */
export async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** A PNG of random pixels: it compresses poorly, so encoder settings show in its size. */
export async function noisyPngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid all-black PNG at one bit per pixel, written by hand: a few kilobytes however many
 * pixels it has, where an encoder would first hold every pixel in memory.
 */
export function bitmapPngBytes(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  // Each row: filter byte 0, then width bits of 0 (black).
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function formWith(
  fields: Record<string, string>,
  ...parts: { name?: string; bytes: Buffer | string; filename: string; type?: string }[]
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of parts) {
    const bytes = typeof p.bytes === 'string' ? Buffer.from(p.bytes) : p.bytes;
    form.append(
      p.name ?? 'file',
      new Blob([new Uint8Array(bytes)], { type: p.type ?? 'application/octet-stream' }),
      p.filename,
    );
  }
  return form;
}
