import { InvalidQueryError } from '@/lib/core/errors';
import { isDynamic } from '../dynamic-values';
import { MAX_FILTER_DEPTH, MAX_FILTER_NODES } from '../filter/context';
import type { Filter } from '../query';
import { asArray, isPlainObject } from './values';

const LIST_OPERATORS = new Set([
  '_in',
  '_nin',
  '_between',
  '_nbetween',
  '_intersects',
  '_nintersects',
]);

/**
 * Checks a filter's structure and gives both forms one shape: `_and`/`_or` as arrays,
 * list operators as arrays (`1,2` split). Names are checked later, against the schema.
 */
export function normalizeFilter(name: string, value: unknown): Filter {
  const budget = { nodes: 0 };
  return normalizeNode(name, value, 0, budget);
}

function normalizeNode(
  name: string,
  value: unknown,
  depth: number,
  budget: { nodes: number },
): Filter {
  if (!isPlainObject(value)) throw new InvalidQueryError(`"${name}" must be a filter object`);
  if (depth > MAX_FILTER_DEPTH * 2) {
    throw new InvalidQueryError(`"${name}" is nested too deeply`);
  }
  const out: Filter = {};
  for (const [key, v] of Object.entries(value)) {
    if (++budget.nodes > MAX_FILTER_NODES) throw new InvalidQueryError(`"${name}" is too large`);
    if (key === '_and' || key === '_or') {
      out[key] = asArray(`${name}.${key}`, v).map((child) =>
        normalizeNode(name, child, depth + 1, budget),
      );
    } else if (LIST_OPERATORS.has(key)) {
      out[key] = listValue(v, name, key);
    } else if (isPlainObject(v) && !key.startsWith('_')) {
      out[key] = normalizeNode(name, v, depth + 1, budget);
    } else if (isPlainObject(v) && (key === '_some' || key === '_none' || key === '_every')) {
      out[key] = normalizeNode(name, v, depth + 1, budget);
    } else {
      out[key] = v;
    }
  }
  return out;
}

function listValue(v: unknown, name: string, key: string): unknown {
  if (typeof v === 'string') return isDynamic(v) ? v : v.split(',');
  if (isPlainObject(v)) return asArray(`${name}.${key}`, v);
  return v;
}
