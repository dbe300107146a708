'use client';

import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { subscribeScope } from '@/lib/client/scope/scope-store';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false },
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
  // Data of one scope must never show in another: a scope switch drops every cached answer
  // (keys that carry the scope would miss anyway; this also covers those that don't).
  useEffect(() => subscribeScope(() => void queryClient.resetQueries()), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
