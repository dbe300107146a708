import { InvalidQueryError } from '@/lib/core/errors';

export type RawQuery = Record<string, string | string[]>;
/** A parameter as sent: a plain value (string or repeated) or a tree built from bracket keys. */
export type RawParam = { plain: string | string[] } | { tree: Record<string, unknown> };

const SEGMENTS = /^(?:\[[^[\]]*\])+$/;

function conflict(base: string): InstanceType<typeof InvalidQueryError> {
  return new InvalidQueryError(`Parameter "${base}" is given in more than one conflicting form`);
}

/**
 * Groups a query object by parameter name. `filter[a][_eq]=x` becomes the tree
 * `{a: {_eq: 'x'}}` under `filter`; a trailing `[]` appends (`fields[]=a&fields[]=b`,
 * `filter[id][_in][]=1`). Numeric segments stay object keys; the parameter parsers turn
 * them into arrays where an array is expected.
 */
export function groupParams(raw: RawQuery): Map<string, RawParam> {
  const out = new Map<string, RawParam>();
  for (const [key, value] of Object.entries(raw)) {
    const open = key.indexOf('[');
    if (open <= 0) {
      if (out.has(key)) throw conflict(key);
      out.set(key, { plain: value });
      continue;
    }
    const base = key.slice(0, open);
    const rest = key.slice(open);
    if (!SEGMENTS.test(rest))
      throw new InvalidQueryError(`Malformed parameter "${key.slice(0, 80)}"`);
    const path = rest.slice(1, -1).split('][');
    if (path.length === 1 && path[0] === '') {
      if (out.has(base)) throw conflict(base);
      out.set(base, { plain: Array.isArray(value) ? value : [value] });
      continue;
    }
    const existing = out.get(base);
    if (existing && !('tree' in existing)) throw conflict(base);
    const tree = existing?.tree ?? {};
    out.set(base, { tree });
    setIn(tree, path, value, key);
  }
  return out;
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function setIn(
  tree: Record<string, unknown>,
  path: string[],
  value: string | string[],
  key: string,
) {
  const clash = () =>
    new InvalidQueryError(`Parameter "${key.slice(0, 80)}" conflicts with another`);
  const append = path.at(-1) === '';
  const keys = append ? path.slice(0, -1) : path;
  if (keys.some((seg) => seg === '' || FORBIDDEN_SEGMENTS.has(seg))) {
    throw new InvalidQueryError(`Malformed parameter "${key.slice(0, 80)}"`);
  }
  let node = tree;
  for (const seg of keys.slice(0, -1)) {
    const next = Object.hasOwn(node, seg) ? node[seg] : undefined;
    if (next === undefined) node[seg] = {};
    else if (typeof next !== 'object' || Array.isArray(next)) throw clash();
    node = node[seg] as Record<string, unknown>;
  }
  const last = keys.at(-1) as string;
  const prev = Object.hasOwn(node, last) ? node[last] : undefined;
  const values = Array.isArray(value) ? value : [value];
  if (append) {
    // `a[b][]=x`: the value at `b` is a list.
    if (prev !== undefined && !Array.isArray(prev)) throw clash();
    node[last] = [...((prev as string[] | undefined) ?? []), ...values];
    return;
  }
  if (prev !== undefined) throw clash();
  if (values.length > 1) {
    throw new InvalidQueryError(`Parameter "${key.slice(0, 80)}" is given more than once`);
  }
  node[last] = values[0];
}
