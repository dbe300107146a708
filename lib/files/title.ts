/**
 * The title a file gets when none is given, from its name as Directus makes it: without the
 * extension, `-` and `_` as spaces, each word capitalised ("red-square_v2.png" → "Red Square V2").
 */
export function titleFromFilename(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  const words = stem
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.length ? words.join(' ').slice(0, 255) : null;
}
