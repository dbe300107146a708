'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../fetcher';

/** 32 random bytes as base64url: within the API's `[A-Za-z0-9_-]{16,255}` token rule. */
export function randomStaticToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Generates a static token in the browser and stores it on the user. The API never returns
 * a token in reads, so the value resolved here is the only time anyone sees it.
 */
export function useUserTokenMutation() {
  return useMutation({
    mutationFn: async (id: string) => {
      const token = randomStaticToken();
      await apiFetch(`/api/users/${id}`, { method: 'PATCH', body: { token } });
      return token;
    },
  });
}
