/**
 * The naming rules of lib/schema/identifiers.ts, checked as the user types so the create
 * forms can show each rule passing or failing before the server is asked. The server stays
 * the guard; tests/unit/client/identifier-rules.test.ts keeps both in agreement.
 */
export const RESERVED_PREFIXES = ['daas_', 'directus_', 'xtr_'] as const;
export const MAX_IDENTIFIER_LENGTH = 63;

export type IdentifierRule = 'charset' | 'start' | 'length' | 'prefix' | 'unique';

export interface RuleResult {
  rule: IdentifierRule;
  ok: boolean;
}

/** Each rule for `name`; `prefix` only applies to collections, `unique` only when `taken` is given. */
export function checkIdentifier(
  name: string,
  what: 'collection' | 'field',
  taken?: ReadonlySet<string>,
): RuleResult[] {
  const results: RuleResult[] = [
    { rule: 'charset', ok: name.length > 0 && /^[a-z0-9_]+$/.test(name) },
    { rule: 'start', ok: name.length > 0 && !/^[0-9]/.test(name) },
    { rule: 'length', ok: name.length > 0 && name.length <= MAX_IDENTIFIER_LENGTH },
  ];
  if (what === 'collection') {
    results.push({ rule: 'prefix', ok: !RESERVED_PREFIXES.some((p) => name.startsWith(p)) });
  }
  if (taken) results.push({ rule: 'unique', ok: !taken.has(name) });
  return results;
}

export function isValidIdentifier(
  name: string,
  what: 'collection' | 'field',
  taken?: ReadonlySet<string>,
): boolean {
  return checkIdentifier(name, what, taken).every((r) => r.ok);
}

/** A suggestion from free text: "Blog Posts" → "blog_posts". */
export function toIdentifier(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_IDENTIFIER_LENGTH);
}
