import { InvalidQueryError } from '@/lib/core/errors';
import { OBJECT_KEYS, refuseHostile } from '@/lib/core/parse';
import type { RawParam } from './brackets';
import { isRecord } from '@/lib/core/guards';

export function parseJson(name: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new InvalidQueryError(`Parameter "${name}" is not valid JSON`);
  }
  // `\u0000` in JSON text: the raw query had no NUL, the parsed value has. Keys refused
  // as the bracket form refuses them.
  refuseHostile(value, 'query', OBJECT_KEYS);
  return value;
}

export function plainOnly(name: string, p: RawParam): string | string[] {
  if (!('plain' in p)) throw new InvalidQueryError(`Parameter "${name}" does not take brackets`);
  return p.plain;
}

export function single(name: string, v: unknown): string {
  if (typeof v !== 'string') throw new InvalidQueryError(`Parameter "${name}" must be given once`);
  return v;
}

/**
 * A list parameter: `a,b`, a JSON array `["a","b"]`, repeated keys or `name[]=a`. Items are
 * trimmed; empty ones dropped.
 */
export function list(name: string, v: unknown): string[] {
  const parts = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string')
      throw new InvalidQueryError(`Parameter "${name}" must be a list of strings`);
    const trimmed = part.trim();
    if (trimmed.startsWith('[')) {
      const parsed = parseJson(name, trimmed);
      if (!Array.isArray(parsed) || parsed.some((x) => typeof x !== 'string')) {
        throw new InvalidQueryError(`Parameter "${name}" must be a list of strings`);
      }
      out.push(...(parsed as string[]).map((s) => s.trim()));
    } else {
      out.push(...trimmed.split(',').map((s) => s.trim()));
    }
  }
  return out.filter(Boolean);
}

export function integer(name: string, v: unknown, min: number): number {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !/^-?\d{1,15}$/.test(s.trim())) {
    throw new InvalidQueryError(`Parameter "${name}" must be an integer`);
  }
  const n = Number(s);
  if (n < min) throw new InvalidQueryError(`Parameter "${name}" must be at least ${min}`);
  return n;
}

/** Numeric-keyed objects from bracket form (`[0]`, `[1]`) as arrays. */
export function asArray(name: string, v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isRecord(v)) {
    const keys = Object.keys(v);
    if (keys.length && keys.every((k) => /^\d{1,4}$/.test(k))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => v[k]);
    }
  }
  throw new InvalidQueryError(`"${name}" must be an array`);
}

/** An object parameter from brackets or a JSON string. */
export function objectParam(name: string, p: RawParam): Record<string, unknown> {
  if ('tree' in p) return p.tree;
  const text = single(name, p.plain);
  const parsed = parseJson(name, text);
  if (!isRecord(parsed)) throw new InvalidQueryError(`Parameter "${name}" must be an object`);
  return parsed;
}
