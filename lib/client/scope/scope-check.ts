import { apiFetch } from '../fetcher';

/**
 * Asks the server whether the caller may work at a scope URI before switching to it:
 * answers with the caller's permissions there, or throws INVALID_SCOPE / FORBIDDEN_SCOPE.
 */
export async function checkScope(uri: string): Promise<void> {
  await apiFetch('/api/permissions/me', { scope: uri });
}
