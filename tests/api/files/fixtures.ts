import sharp from 'sharp';

/** A real PNG of the given size, made here so the tests carry no binary fixtures. */
export async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
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
