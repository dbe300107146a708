'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../fetcher';
import { fetchMe } from './me-query';

/** An identity provider as `GET /api/auth` lists it. */
export interface AuthProvider {
  name: string;
  driver: 'openid' | 'oauth2';
  icon: string;
  label: string;
}

export function useAuthProvidersQuery() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: AuthProvider[] }>('/api/auth', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * Back from a provider with a session cookie: whether it is complete, still owes the code of
 * the user's authenticator app (`otp`), or owes one the user has not set up (`enrol`).
 */
export async function providerSessionState(): Promise<'done' | 'otp' | 'enrol'> {
  try {
    await apiFetch<unknown>('/api/permissions/me');
    return 'done';
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'MFA_REQUIRED') throw err;
    return (await fetchMe()).has_tfa ? 'otp' : 'enrol';
  }
}

/**
 * Where a provider button points: the API starts the flow, and the browser comes back to
 * the login page (to finish a second factor if one is owed) before going on to `next`.
 */
export function providerLoginHref(provider: string, locale: string, next: string): string {
  const back = `/${locale}/login?${new URLSearchParams({ provider, redirect: next })}`;
  const query = new URLSearchParams({ mode: 'session', redirect: back });
  return `/api/auth/login/${encodeURIComponent(provider)}?${query}`;
}
