/**
 * The scope the studio works in: a `daas_scope_items` URI such as `/acme`, or null for the
 * root scope. Kept in the `daas_resource_uri` cookie, which the API reads when no
 * `X-Resource-Uri` header is sent, so links the browser follows on its own (file
 * downloads, the API explorer) carry the same scope as the studio's own requests.
 */
export const SCOPE_COOKIE = 'daas_resource_uri';
export const SCOPE_HEADER = 'X-Resource-Uri';

const listeners = new Set<() => void>();
let current: string | null | undefined;

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SCOPE_COOKIE}=`));
  if (!found) return null;
  const value = decodeURIComponent(found.slice(SCOPE_COOKIE.length + 1));
  return value || null;
}

/** The active scope URI, or null for the root scope. */
export function getActiveScope(): string | null {
  if (current === undefined) current = readCookie();
  return current;
}

/** Switches the scope for every later request and tells subscribed components. */
export function setActiveScope(uri: string | null): void {
  current = uri;
  if (typeof document !== 'undefined') {
    document.cookie = uri
      ? `${SCOPE_COOKIE}=${encodeURIComponent(uri)}; path=/; SameSite=Lax`
      : `${SCOPE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  }
  listeners.forEach((listener) => listener());
}

export function subscribeScope(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
