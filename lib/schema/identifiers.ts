import { invalidField } from '@/lib/core/errors';

export const RESERVED_PREFIXES = ['daas_', 'directus_', 'xtr_'] as const;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/**
 * Names that mean something to every JavaScript object (`obj.__proto__ = x` replaces its
 * prototype, `{}.constructor` exists on every object): a collection or field called so
 * would be looked up and stored wrongly by any code holding names as object keys. Names
 * starting with `__` are kept for the same reason.
 */
const OBJECT_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Checks a collection or field name before it reaches any DDL: lowercase letters, digits and
 * underscores, at most 63 characters (PostgreSQL's limit), no reserved system prefix and
 * none of the JavaScript object names above.
 */
export function assertIdentifier(name: unknown, what: 'collection' | 'field'): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw invalidField(what, 'is required', { type: 'required' });
  }
  // The payload key holding the name (`collection`, `field`) is the field at fault.
  const shown = name.length > 63 ? `${name.slice(0, 63)}…` : name;
  const refuse = (text: string) =>
    invalidField(what, text, { message: `${cap(what)} name "${shown}" ${text}` });
  if (name.length > 63) throw refuse('is longer than 63 characters');
  if (!IDENTIFIER.test(name)) {
    throw refuse(
      'may only contain lowercase letters, digits and underscores, and must not start with a digit',
    );
  }
  if (OBJECT_NAMES.has(name) || name.startsWith('__')) {
    throw refuse(
      'is reserved: "__proto__", "constructor", "prototype" and names starting with "__" can\'t be used',
    );
  }
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix && what === 'collection') throw refuse(`uses the reserved prefix "${prefix}"`);
  return name;
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
