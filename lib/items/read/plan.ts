import { InvalidQueryError } from '@/lib/core/errors';
import type { SchemaOverview } from '@/lib/schema/overview';
import { fieldDenied } from '../filter/context';
import { isFunctionCall, parseFunctionCall } from '../functions';
import { limitExceeded, queryLimits, type QueryLimits } from '../limits';
import type { DeepQuery, Filter, Query } from '../query';
import { collectionOf, relationOf, type Hop } from '../relations-path';
import { addAnyTarget, splitAnyName } from './plan-any';
import type { PlanNode } from './plan-types';
import {
  allowsField,
  FULL_ACCESS,
  isRestricted,
  type NodeAccess,
  type ReadAccess,
} from './read-access';

export type { PlanNode, Selection } from './plan-types';

interface Builder {
  schema: SchemaOverview;
  readAccess: ReadAccess;
  /** A read access was given: unknown and refused fields are the same 403. */
  restricted: boolean;
  limits: QueryLimits;
  /** Relations and values selected so far, over every level of the read. */
  joins: number;
  selected: number;
}

/** Counts one selection against the read's budget; a relation also counts as a join. */
function spend(b: Builder, relation: boolean): void {
  if (++b.selected > b.limits.fields) {
    throw limitExceeded('Too many fields selected', b.limits.fields);
  }
  if (relation && ++b.joins > b.limits.joins) {
    throw limitExceeded('Too many related collections selected', b.limits.joins);
  }
}

/** `*` segments of a field path. */
function wildcards(path: string): number {
  let n = 0;
  for (const seg of path.split('.')) if (seg.trim() === '*') n++;
  return n;
}

/** Field requests grouped per first segment, in request order. */
interface Wanted {
  star: boolean;
  names: Map<string, string[]>;
}

function group(fields: string[]): Wanted {
  const wanted: Wanted = { star: false, names: new Map() };
  for (const raw of fields) {
    const f = raw.trim();
    if (!f) continue;
    if (f === '*') {
      wanted.star = true;
      continue;
    }
    if (isFunctionCall(f)) {
      wanted.names.set(f, wanted.names.get(f) ?? []);
      continue;
    }
    const dot = f.indexOf('.');
    const head = dot < 0 ? f : f.slice(0, dot);
    const rest = dot < 0 ? null : f.slice(dot + 1);
    const list = wanted.names.get(head) ?? [];
    if (rest) list.push(rest);
    wanted.names.set(head, list);
  }
  return wanted;
}

function deepOf(deep: Record<string, unknown> | null | undefined, key: string): DeepQuery {
  const d = deep && Object.hasOwn(deep, key) ? deep[key] : undefined;
  if (d === undefined || d === null) return {};
  if (typeof d !== 'object' || Array.isArray(d)) {
    throw new InvalidQueryError(`deep.${key} must be an object`);
  }
  return d as DeepQuery;
}

function nestedDeep(d: DeepQuery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(d).filter(([k]) => !k.startsWith('_')));
}

function functionKey(expr: string): string {
  const call = parseFunctionCall(expr);
  const field = call ? call.args.split(',')[0].trim() : expr;
  // Directus names a function field `<field>_<function>`: `date_created_year`.
  return call ? `${field}_${call.fn}` : expr;
}

interface NodeInput {
  collection: string;
  fields: string[];
  filter: Filter | null;
  search: string | null;
  sort: string[] | null;
  limit: number | null;
  offset: number | null;
  deep: Record<string, unknown> | null;
  alias: Record<string, string> | null;
  depth: number;
  /** `*` levels that led to this node. */
  wildcards: number;
  /**
   * Rows this node may contribute to the whole result: the page size times the windows of
   * the to-many relations above (a window of -1, all rows, is counted as one).
   */
  rows: number;
}

function buildNode(b: Builder, input: NodeInput): PlanNode {
  const { relationalDepth, wildcardDepth } = b.limits;
  if (input.depth > relationalDepth) {
    throw limitExceeded('Fields are nested too deeply', relationalDepth);
  }
  for (const f of input.fields) {
    if (input.wildcards + wildcards(f) > wildcardDepth) {
      throw limitExceeded('Too many wildcard levels in "fields"', wildcardDepth);
    }
  }
  const c = collectionOf(b.schema, input.collection);
  if (!c.primary) {
    throw new InvalidQueryError(`Collection "${input.collection}" has no primary key`);
  }
  const access = b.readAccess(input.collection);
  const node: PlanNode = {
    collection: input.collection,
    primary: c.primary,
    access,
    selections: [],
    filter: input.filter,
    search: input.search,
    sort: input.sort,
    limit: input.limit,
    offset: input.offset,
    depth: input.depth,
  };
  const wanted = group(input.fields);
  const taken = new Set<string>();
  const aliasOf = new Map(Object.entries(input.alias ?? {}));

  const addField = (key: string, fieldName: string, sub: string[], star = false): void => {
    if (taken.has(key)) return;
    const anyName = splitAnyName(fieldName);
    if (anyName && !isFunctionCall(fieldName)) {
      taken.add(key);
      taken.add(anyName[0]);
      spend(b, true);
      addAnyTarget({
        schema: b.schema,
        node,
        access,
        name: fieldName,
        deep: (k) => deepOf(input.deep, k),
        build: (hop, d) => {
          // A wildcard never reaches here: the collection was named, so refusing it is a 403.
          if (b.restricted && !readsAnything(b.readAccess(hop.related))) {
            throw fieldDenied(hop.related, '*');
          }
          const subFields = d._fields?.length ? d._fields : sub;
          return buildNode(b, {
            collection: hop.related,
            fields: subFields.length
              ? subFields
              : [b.schema.collections[hop.related].primary ?? '*'],
            filter: (d._filter as Filter | undefined) ?? null,
            search: typeof d._search === 'string' ? d._search : null,
            sort: null,
            limit: null,
            offset: null,
            deep: nestedDeep(d),
            alias: null,
            depth: input.depth + 1,
            wildcards: input.wildcards,
            rows: input.rows,
          });
        },
      });
      return;
    }
    if (isFunctionCall(fieldName)) {
      taken.add(key);
      spend(b, false);
      node.selections.push({
        kind: 'function',
        key: key === fieldName ? functionKey(fieldName) : key,
        expr: fieldName,
      });
      return;
    }
    const f = Object.hasOwn(c.fields, fieldName) ? c.fields[fieldName] : undefined;
    if (!f || !allowsField(access, fieldName)) {
      // A field that exists but is refused (write-only fields, even for admins) is a 403.
      if (b.restricted || f) throw fieldDenied(input.collection, fieldName);
      throw new InvalidQueryError(
        `Field "${fieldName.slice(0, 80)}" does not exist in collection "${input.collection}"`,
      );
    }
    taken.add(key);
    const hop = relationOf(b.schema, input.collection, fieldName);
    const d = hop ? deepOf(input.deep, key) : {};
    // `deep[field][_fields]` is the nested read's field list, as a nested query's `fields`.
    const subFields = d._fields?.length ? d._fields : sub;
    if (!hop || (hop.kind === 'm2o' && subFields.length === 0)) {
      if (!f.schema) {
        // Presentation-only alias fields (dividers, groups) have no value.
        return;
      }
      spend(b, false);
      node.selections.push({ kind: 'column', key, field: f });
      return;
    }
    // Nested to-many arrays are windowed like the root: the default page size unless
    // `deep[field][_limit]` says otherwise (-1 for all), as Directus applies its default
    // limit to nested one-to-many reads. Without `_sort`: the relation's sort field, then key.
    const many = hop.kind !== 'm2o';
    spend(b, true);
    const window = many ? (d._limit ?? b.limits.limitDefault) : 1;
    const rows = input.rows * Math.max(window, 1);
    if (rows > b.limits.nestedRows) {
      throw limitExceeded(
        `Nested relations could return too many rows (page size times each nested limit)`,
        b.limits.nestedRows,
      );
    }
    const child = buildNode(b, {
      collection: hop.related,
      fields: subFields.length ? subFields : [b.schema.collections[hop.related].primary ?? '*'],
      filter: (d._filter as Filter | undefined) ?? null,
      search: typeof d._search === 'string' ? d._search : null,
      sort: many ? (d._sort ?? defaultSort(hop)) : null,
      limit: many ? (d._limit ?? b.limits.limitDefault) : null,
      offset: many ? deepOffset(d, b.limits.limitDefault) : null,
      deep: nestedDeep(d),
      alias: null,
      depth: input.depth + 1,
      wildcards: input.wildcards + (star ? 1 : 0),
      rows,
    });
    node.selections.push({ kind: subFields.length ? 'relation' : 'keys', key, hop, node: child });
  };

  // `*.*`: every field, and every relation one level further with the given sub-fields.
  const starSubs = wanted.names.get('*') ?? [];
  wanted.names.delete('*');
  if (wanted.star || starSubs.length) {
    for (const f of Object.values(c.fields)) {
      if (wanted.names.has(f.field) || !allowsField(access, f.field)) continue;
      let hop = starSubs.length ? relationOrNull(b.schema, input.collection, f.field) : null;
      // A wildcard does not reach into a collection the caller may not read at all.
      if (hop && b.restricted && !readsAnything(b.readAccess(hop.related))) hop = null;
      if (hop) addField(f.field, f.field, starSubs, true);
      else if (f.schema) addField(f.field, f.field, []);
    }
  }
  for (const [name, sub] of wanted.names) addField(name, aliasOf.get(name) ?? name, sub);
  return node;
}

function readsAnything(access: NodeAccess): boolean {
  return access.fields === '*' || access.fields.size > 0;
}

/** Many-to-any fields cannot be read relationally; a wildcard passes over them. */
function relationOrNull(schema: SchemaOverview, collection: string, field: string): Hop | null {
  try {
    return relationOf(schema, collection, field);
  } catch {
    return null;
  }
}

/** `_page` (from 1) wins over `_offset`, as at the root. */
function deepOffset(d: DeepQuery, limitDefault: number): number | null {
  const page = typeof d._page === 'number' ? d._page : null;
  const limit = d._limit ?? limitDefault;
  if (page !== null && page >= 1 && limit > 0) return (page - 1) * limit;
  return d._offset ?? null;
}

function defaultSort(hop: Hop): string[] | null {
  if (hop.kind === 'm2o') return null;
  return hop.sortField ? [hop.sortField] : null;
}

/** The plan for a read of `collection` by `query`; throws 400/403 for what it cannot serve. */
export function buildPlan(
  schema: SchemaOverview,
  collection: string,
  query: Query,
  readAccess?: ReadAccess,
): PlanNode {
  const limits = queryLimits();
  return buildNode(
    {
      schema,
      readAccess: readAccess ?? FULL_ACCESS,
      restricted: isRestricted(readAccess),
      limits,
      joins: 0,
      selected: 0,
    },
    {
      collection,
      fields: query.fields ?? ['*'],
      filter: query.filter,
      search: query.search,
      sort: query.sort,
      limit: null,
      offset: null,
      deep: query.deep,
      alias: query.alias,
      depth: 0,
      wildcards: 0,
      rows: Math.max(query.limit ?? limits.limitDefault, 1),
    },
  );
}
