import { ApiError } from './fetcher';

/**
 * The server's message per form field of a failed request, read from the fields the error
 * names as data (never from its wording). A nested path counts for its field, the first
 * problem of a field is the one shown.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const { field, message } of error.fields) if (!(field in out)) out[field] = message;
  return out;
}
