import { InvalidPayloadError } from '@/lib/core/errors';

export const RESERVED_PREFIXES = ['daas_', 'directus_', 'xtr_'] as const;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Checks a collection or field name before it reaches any DDL: lowercase letters, digits and
 * underscores, at most 63 characters (PostgreSQL's limit), and no reserved system prefix.
 */
export function assertIdentifier(name: unknown, what: 'collection' | 'field'): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new InvalidPayloadError(`"${what}" is required`);
  }
  if (name.length > 63) {
    throw new InvalidPayloadError(
      `${cap(what)} name "${name.slice(0, 63)}…" is longer than 63 characters`,
    );
  }
  if (!IDENTIFIER.test(name)) {
    throw new InvalidPayloadError(
      `${cap(what)} name "${name}" may only contain lowercase letters, digits and underscores, and must not start with a digit`,
    );
  }
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix && what === 'collection') {
    throw new InvalidPayloadError(`Collection name "${name}" uses the reserved prefix "${prefix}"`);
  }
  return name;
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
