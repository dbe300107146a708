import type { z } from 'zod';
import { InvalidPayloadError, InvalidQueryError } from './errors';

/** Zod parsing at any boundary: a failure is a 400 naming the first few problems. */
function describe(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.length ? `"${i.path.join('.')}"` : 'payload';
      if (i.code === 'unrecognized_keys')
        return `Unknown field(s) ${i.keys.map((k) => `"${k}"`).join(', ')}${i.path.length ? ` in ${where}` : ''}`;
      return `${where}: ${i.message}`;
    })
    .join('; ');
}

export function parseWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  kind: 'payload' | 'query' | 'params',
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = `Invalid ${kind}: ${describe(result.error.issues)}`;
  throw kind === 'payload' ? new InvalidPayloadError(message) : new InvalidQueryError(message);
}

/**
 * Whether a string anywhere in `value` (a key or a value, at any depth) holds a NUL
 * character, which PostgreSQL refuses in text and JSON. Iterative, so a deeply nested
 * body cannot exhaust the stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** Refuses a NUL anywhere in a request's params, query or body with a 400. */
export function refuseNul(value: unknown, kind: 'payload' | 'query' | 'params'): void {
  if (!containsNul(value)) return;
  throw kind === 'payload'
    ? new InvalidPayloadError(NUL_MESSAGE)
    : new InvalidQueryError(NUL_MESSAGE);
}
