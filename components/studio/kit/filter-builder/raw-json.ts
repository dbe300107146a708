/** Result of reading the JSON tab: a filter object (or null for empty), or why it isn't one. */
export type RawResult =
  | { ok: true; value: Record<string, unknown> | null }
  | { ok: false; reason: 'syntax' | 'notObject'; detail?: string };

export function readRawFilter(text: string): RawResult {
  if (!text.trim()) return { ok: true, value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: 'syntax', detail: err instanceof Error ? err.message : undefined };
  }
  if (parsed === null) return { ok: true, value: null };
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, reason: 'notObject' };
  const value = parsed as Record<string, unknown>;
  return { ok: true, value: Object.keys(value).length ? value : null };
}
