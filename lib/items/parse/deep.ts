import { InvalidQueryError } from '@/lib/core/errors';
import { limitExceeded, queryLimits } from '../limits';
import type { DeepQuery } from '../query';
import { normalizeFilter } from './filter';
import { integer, list, parseJson, single } from './values';
import { isRecord } from '@/lib/core/guards';

/** `deep[tags][_limit]=5` or `deep={"tags":{"_limit":5}}`: per relation, a nested query. */
export function parseDeep(value: Record<string, unknown>, depth = 0): Record<string, DeepQuery> {
  const max = queryLimits().relationalDepth;
  if (depth > max) throw limitExceeded('Parameter "deep" is nested too deeply', max);
  const out: Record<string, DeepQuery> = {};
  for (const [relation, q] of Object.entries(value)) {
    if (relation.startsWith('_') || !isRecord(q)) {
      throw new InvalidQueryError(
        `Parameter "deep": "${relation.slice(0, 40)}" must name a relational field and hold an object`,
      );
    }
    out[relation] = parseDeepQuery(relation, q, depth);
  }
  return out;
}

function parseDeepQuery(relation: string, q: Record<string, unknown>, depth: number): DeepQuery {
  const name = `deep.${relation}`;
  const out: DeepQuery = {};
  const nested: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(q)) {
    const where = `${name}.${key}`;
    switch (key) {
      case '_filter':
        out._filter = normalizeFilter(where, typeof v === 'string' ? parseJson(where, v) : v);
        break;
      case '_sort':
        out._sort = list(where, v);
        break;
      case '_fields':
        out._fields = list(where, v);
        break;
      case '_limit':
        out._limit = integer(where, v, -1);
        break;
      case '_offset':
        out._offset = integer(where, v, 0);
        break;
      case '_page':
        out._page = integer(where, v, 0);
        break;
      case '_search':
        out._search = single(where, v);
        break;
      default:
        if (key.startsWith('_')) {
          throw new InvalidQueryError(`Unknown parameter "${where.slice(0, 80)}"`);
        }
        nested[key] = v;
    }
  }
  Object.assign(out, parseDeep(nested, depth + 1));
  return out;
}
