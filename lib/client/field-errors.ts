import { ApiError } from './fetcher';

/**
 * The per-field messages of an INVALID_PAYLOAD answer. The API writes them into the message
 * as `Invalid payload: "field": text; "other.0": text` (schema checks), `"field" text` or
 * `Field "field" text` (a service's own check), so they are read back from there; a nested
 * path counts for its first segment (the form field).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_PAYLOAD') return {};
  const out: Record<string, string> = {};
  for (const match of error.message.matchAll(/"([^"]+)": ([^;]+)/g)) {
    const field = match[1].split('.')[0];
    if (!(field in out)) out[field] = match[2].trim();
  }
  const single = /^(?:Field )?"([\w.]+)" (.+)$/s.exec(error.message);
  if (single && !Object.keys(out).length) out[single[1].split('.')[0]] = single[2].trim();
  return out;
}
