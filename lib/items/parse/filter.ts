import { InvalidQueryError } from '@/lib/core/errors';
import { isDynamic } from '../dynamic-values';
import { limitExceeded, queryLimits, type QueryLimits } from '../limits';
import type { Filter } from '../query';
import { asArray } from './values';
import { isRecord } from '@/lib/core/guards';

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
  const budget = { nodes: 0, limits: queryLimits() };
  return normalizeNode(name, value, 0, budget);
}

function normalizeNode(
  name: string,
  value: unknown,
  depth: number,
  budget: { nodes: number; limits: QueryLimits },
): Filter {
  if (!isRecord(value)) throw new InvalidQueryError(`"${name}" must be a filter object`);
  // Parsing counts every object level (a field and its operator are two); the compiler
  // counts filter levels.
  const { filterDepth, filterNodes } = budget.limits;
  if (depth > filterDepth * 2) throw limitExceeded(`"${name}" is nested too deeply`, filterDepth);
  const out: Filter = {};
  for (const [key, v] of Object.entries(value)) {
    if (++budget.nodes > filterNodes) {
      throw limitExceeded(`"${name}" is too large: too many conditions`, filterNodes);
    }
    if (key === '_and' || key === '_or') {
      out[key] = asArray(`${name}.${key}`, v).map((child) =>
        normalizeNode(name, child, depth + 1, budget),
      );
    } else if (LIST_OPERATORS.has(key)) {
      const items = listValue(v, name, key);
      // Each list item is a bound parameter: they count as conditions.
      if (Array.isArray(items)) budget.nodes += items.length;
      if (budget.nodes > filterNodes) {
        throw limitExceeded(`"${name}" is too large: too many conditions`, filterNodes);
      }
      out[key] = items;
    } else if (isRecord(v) && !key.startsWith('_')) {
      out[key] = normalizeNode(name, v, depth + 1, budget);
    } else if (isRecord(v) && (key === '_some' || key === '_none' || key === '_every')) {
      out[key] = normalizeNode(name, v, depth + 1, budget);
    } else {
      out[key] = v;
    }
  }
  return out;
}

function listValue(v: unknown, name: string, key: string): unknown {
  if (typeof v === 'string') return isDynamic(v) ? v : v.split(',');
  if (isRecord(v)) return asArray(`${name}.${key}`, v);
  return v;
}
