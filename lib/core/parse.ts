import type { z } from 'zod';
import {
  fieldExtensions,
  InvalidPayloadError,
  InvalidQueryError,
  type FieldProblem,
} from './errors';

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

/**
 * The issues as field problems: each issue under a key names that key (its first path
 * segment) with the whole path; an unknown key at the top is a problem of that key. Issues
 * about the payload as a whole name no field.
 */
export function issueProblems(issues: z.core.$ZodIssue[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const i of issues) {
    const path = i.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (i.code === 'unrecognized_keys') {
      for (const key of i.keys) {
        out.push({
          field: String(path[0] ?? key),
          type: 'unknown_field',
          message: `Unknown field "${key}"`,
          path: [...path, key],
        });
      }
      continue;
    }
    if (!path.length) continue;
    out.push({
      field: String(path[0]),
      type: i.code,
      message: i.message,
      ...(path.length > 1 && { path }),
    });
  }
  return out;
}

export function parseWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  kind: 'payload' | 'query' | 'params',
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = `Invalid ${kind}: ${describe(result.error.issues)}`;
  const problems = issueProblems(result.error.issues);
  const options = problems.length ? { extensions: fieldExtensions(problems) } : undefined;
  throw kind === 'payload'
    ? new InvalidPayloadError(message, options)
    : new InvalidQueryError(message, options);
}

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** Keys that replace or shadow an object's prototype when copied key by key. */
export const PROTO_KEYS: ReadonlySet<string> = new Set(['__proto__']);
/** The query string's bracket keys and JSON parameters also refuse these (they name nothing). */
export const OBJECT_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with a request value, if anything, and where (keys joined with dots): a NUL
 * character in any string or key at any depth (PostgreSQL refuses NUL in text and JSON),
 * or one of `keys` as an object key. Iterative, so a deeply nested body cannot exhaust the
 * stack.
 */
export function hostileText(
  value: unknown,
  keys: ReadonlySet<string> = PROTO_KEYS,
): { nul: true; at: string } | { key: string; at: string } | null {
  // Each entry points at its parent; the path is spelled out only for the one reported,
  // so a deeply nested body costs linear time.
  interface Entry {
    v: unknown;
    key: string;
    parent: Entry | null;
  }
  const pathOf = (e: Entry | null): string => {
    const parts: string[] = [];
    for (let at = e; at?.parent; at = at.parent) parts.unshift(at.key);
    const shown = parts.length > 8 ? ['…', ...parts.slice(-8)] : parts;
    return shown.map((k) => k.replaceAll('\u0000', '\\u0000').slice(0, 64)).join('.');
  };
  const stack: Entry[] = [{ v: value, key: '', parent: null }];
  while (stack.length) {
    const e = stack.pop()!;
    const v = e.v;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { nul: true, at: pathOf(e) };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, key: String(i), parent: e }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const child = { v: item, key, parent: e };
        if (key.includes('\u0000')) return { nul: true, at: pathOf(child) };
        if (keys.has(key)) return { key, at: pathOf(e) };
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * A 400 for a NUL anywhere in a request's params, query or body, or a prototype key,
 * naming where it was found.
 */
export function refuseHostile(
  value: unknown,
  kind: 'payload' | 'query' | 'params',
  keys: ReadonlySet<string> = PROTO_KEYS,
): void {
  const found = hostileText(value, keys);
  if (!found) return;
  const where = found.at ? ` (in "${found.at}")` : '';
  const message =
    'nul' in found ? `${NUL_MESSAGE}${where}` : `"${found.key}" can't be used as a key${where}`;
  throw kind === 'payload' ? new InvalidPayloadError(message) : new InvalidQueryError(message);
}
