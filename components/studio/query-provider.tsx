'use client';

import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { subscribeScope } from '@/lib/client/scope/scope-store';

/**
 * A 4xx answer says the request itself is refused (no access, not found, invalid): asking
 * again gives the same answer, only later, so only network failures and 5xx are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * A fresh client per server render, so no user's cache is shared between requests, and one
 * long-lived client in the browser, so navigation keeps the cache.
 */
function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  // Data of one scope must never show in another. Every scope-dependent key carries a scope:
  // the active one where the hook reads it, or null for "the scope of the session cookie",
  // which a switch changes; so the switch also drops every cached answer.
  useEffect(() => subscribeScope(() => void queryClient.resetQueries()), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
