'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../fetcher';
import { authKeys } from './keys';
import type { CurrentUser } from './types';

export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser> {
  const body = await apiFetch<{ data: CurrentUser }>('/api/users/me', { signal });
  return body.data;
}

/** The signed-in user. A 401 is final (no retry): the caller redirects to the login page. */
export function useMeQuery() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    staleTime: 60_000,
  });
}
