/**
 * Where to go after signing in: only a same-origin studio path, since the `redirect` query
 * parameter is attacker-controllable and must not become an open redirect.
 */
export function safeRedirect(target: string | null, locale: string): string {
  // The studio's home: its overview, not one module.
  const fallback = `/${locale}`;
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  if (/^\/api(?:[/?#]|$)/.test(target) || /\/login(?:[/?#]|$)/.test(target)) return fallback;
  return target;
}
