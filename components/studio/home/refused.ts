import { ApiError } from '@/lib/client/fetcher';

/** Not allowed to read the activity log: said plainly, not shown as a failure to retry. */
export function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
