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
