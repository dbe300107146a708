import { ApiError, type ApiFieldError } from './fetcher';

/**
 * The message per form field of a failed request, read from the fields the error names as
 * data (never from its wording). A nested path counts for its field; the first problem of a
 * field is the one shown. `wording` may give the studio's own (translated) words for a
 * problem; without them, or when it gives none, the server's message is shown.
 */
export function fieldErrorsOf(
  error: unknown,
  wording?: (problem: ApiFieldError) => string | undefined,
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const problem of error.fields) {
    if (!(problem.field in out)) out[problem.field] = wording?.(problem) ?? problem.message;
  }
  return out;
}
