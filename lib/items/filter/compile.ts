import { sql, type RawBuilder } from 'kysely';
import { InvalidQueryError } from '@/lib/core/errors';
import type { FieldOverview } from '@/lib/schema/overview';
import { compileFunctionField, isFunctionCall } from '../functions';
import type { Filter } from '../query';
import { relationOf, type Hop } from '../relations-path';
import type { Target } from './cast';
import { limitExceeded, queryLimits } from '../limits';
import { checkedField, type CompileState, type FilterContext } from './context';
import { makeOperands } from './operands';
import { compileOperator, isOperator } from './operators';
import { isRecord } from '@/lib/core/guards';

type Bool = RawBuilder<boolean>;

interface Scope {
  ctx: FilterContext;
  collection: string;
  alias: string;
  depth: number;
  state: CompileState;
  now: Date;
}

const QUANTIFIERS = new Set(['_some', '_none', '_every']);

// A Date is an object too, but in a filter it is a value to compare with.
function isFilterObject(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && !(v instanceof Date);
}

function and(parts: Bool[]): Bool {
  if (!parts.length) return sql<boolean>`true`;
  if (parts.length === 1) return parts[0];
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function or(parts: Bool[]): Bool {
  if (!parts.length) return sql<boolean>`false`;
  if (parts.length === 1) return parts[0];
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function tick(scope: Scope, count = 1): void {
  scope.state.nodes += count;
  const max = queryLimits().filterNodes;
  if (scope.state.nodes > max) throw limitExceeded('Filter is too large: too many conditions', max);
}

/**
 * A Directus filter as one boolean SQL expression over `ctx.alias`. Values are always bound;
 * identifiers come only from the schema overview. Relational conditions are EXISTS
 * subqueries, so no parent row is ever duplicated. On x-to-many paths `_some` (the default)
 * needs one matching related row, `_none` none, and `_every` no non-matching one: an item
 * without related rows satisfies `_every`.
 */
export function compileFilter(filter: Filter, ctx: FilterContext): Bool {
  const scope: Scope = {
    ctx,
    collection: ctx.collection,
    alias: ctx.alias,
    depth: 0,
    state: { next: 0, nodes: 0 },
    now: ctx.now ?? new Date(),
  };
  return compileNode(filter, scope);
}

function compileNode(node: unknown, scope: Scope): Bool {
  if (!isFilterObject(node)) throw new InvalidQueryError('Each filter must be an object');
  const maxDepth = queryLimits().filterDepth;
  if (scope.depth > maxDepth) throw limitExceeded('Filter is nested too deeply', maxDepth);
  const inner = { ...scope, depth: scope.depth + 1 };
  const parts: Bool[] = [];
  for (const [key, value] of Object.entries(node)) {
    tick(scope);
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value)) throw new InvalidQueryError(`"${key}" takes an array of filters`);
      const children = value.map((v) => compileNode(v, inner));
      parts.push(key === '_and' ? and(children) : or(children));
    } else if (isFunctionCall(key)) {
      parts.push(compileFunctionKey(key, value, inner));
    } else {
      parts.push(compileField(key, value, inner));
    }
  }
  return and(parts);
}

/** The caller's own item permissions may name fields it cannot read: no field check there. */
function trusted(scope: Scope): Scope {
  return {
    ...scope,
    ctx: { ...scope.ctx, fieldAllowed: undefined, fieldFilter: undefined },
    depth: 0,
  };
}

/**
 * The rows of `scope` on which `field` may be read, as SQL, or null when that is every row
 * the caller sees. A permission's own filter does not count against the request's budget.
 */
function fieldRows(scope: Scope, collection: string, field: string, alias: string): Bool | null {
  const rows = scope.ctx.fieldFilter?.(collection, field);
  if (!rows) return null;
  const nodes = scope.state.nodes;
  const out = compileNode(rows, trusted({ ...scope, collection, alias }));
  scope.state.nodes = nodes;
  return out;
}

function nextAlias(scope: Scope): string {
  return `${scope.ctx.alias}__f${scope.state.next++}`;
}

function operatorEntries(value: unknown, name: string): [string, unknown][] {
  if (!isFilterObject(value)) {
    throw new InvalidQueryError(`Filter for "${name}" must be an object of operators`);
  }
  return Object.entries(value);
}

function compileOperators(col: RawBuilder<unknown>, t: Target, value: unknown, scope: Scope): Bool {
  const operands = makeOperands(t, scope);
  const entries = operatorEntries(value, t.name);
  tick(scope, entries.length);
  return and(entries.map(([op, v]) => compileOperator(col, t, op, v, operands)));
}

function compileFunctionKey(key: string, value: unknown, scope: Scope): Bool {
  const fn = compileFunctionField(key, {
    schema: scope.ctx.schema,
    collection: scope.collection,
    alias: scope.alias,
    fieldAllowed: scope.ctx.fieldAllowed,
    relatedWhere: (collection, alias) => {
      const permitted = scope.ctx.relatedFilter?.(collection);
      return permitted ? compileNode(permitted, trusted({ ...scope, collection, alias })) : null;
    },
    fieldRows: (collection, field, alias) => fieldRows(scope, collection, field, alias),
    nextAlias: () => nextAlias(scope),
  });
  const t: Target = {
    name: key,
    collection: scope.collection,
    type: fn.type,
    jsonValue: fn.fn === 'json',
  };
  return compileOperators(fn.sql, t, value, scope);
}

function compileField(key: string, value: unknown, scope: Scope): Bool {
  if (key.startsWith('_') && !fieldExists(scope, key)) {
    if (isOperator(key) || QUANTIFIERS.has(key)) {
      throw new InvalidQueryError(`Operator "${key}" must be applied to a field`);
    }
    throw new InvalidQueryError(`Unknown filter operator "${key.slice(0, 40)}"`);
  }
  const field = checkedField(scope.ctx, scope.collection, key);
  const rows = fieldRows(scope, scope.collection, field.field, scope.alias);
  const condition = fieldCondition(field, value, scope);
  return rows ? and([rows, condition]) : condition;
}

function fieldCondition(field: FieldOverview, value: unknown, scope: Scope): Bool {
  const col = sql`${sql.id(scope.alias)}.${sql.id(field.field)}`;
  const target: Target = {
    name: field.field,
    collection: scope.collection,
    type: field.type,
    dataType: field.schema?.data_type,
  };
  const hop = relationOf(scope.ctx.schema, scope.collection, field.field);
  if (!hop) return compileOperators(col, target, value, scope);

  const entries = operatorEntries(value, field.field);
  const own = entries.filter(([k]) => isOperator(k));
  const nested = entries.filter(([k]) => !isOperator(k));
  const parts: Bool[] = [];
  if (own.length) parts.push(compileOperators(col, target, Object.fromEntries(own), scope));
  if (hop.kind === 'm2o') {
    if (nested.length) parts.push(related(hop, Object.fromEntries(nested), '_some', scope));
    return and(parts);
  }
  const plain = nested.filter(([k]) => !QUANTIFIERS.has(k));
  if (plain.length) parts.push(related(hop, Object.fromEntries(plain), '_some', scope));
  for (const [k, v] of nested) {
    if (QUANTIFIERS.has(k)) parts.push(related(hop, v, k as '_some', scope));
  }
  return and(parts);
}

function fieldExists(scope: Scope, key: string): boolean {
  const c = scope.ctx.schema.collections[scope.collection];
  return !!c && Object.hasOwn(c.fields, key);
}

function related(
  hop: Hop,
  filter: unknown,
  quantifier: '_some' | '_none' | '_every',
  scope: Scope,
): Bool {
  const sub = nextAlias(scope);
  const link =
    hop.kind === 'm2o'
      ? sql`${sql.id(sub)}.${sql.id(hop.relatedKey)} = ${sql.id(scope.alias)}.${sql.id(hop.field)}`
      : sql`${sql.id(sub)}.${sql.id(hop.relatedField)} = ${sql.id(scope.alias)}.${sql.id(hop.key)}`;
  const innerScope: Scope = { ...scope, collection: hop.related, alias: sub };
  const match = compileNode(filter, innerScope);
  const permitted = scope.ctx.relatedFilter?.(hop.related);
  const guard = permitted ? sql` and ${compileNode(permitted, trusted(innerScope))}` : sql``;
  // A to-many link the caller may not read on the related row does not count either.
  const linked = hop.kind === 'm2o' ? null : fieldRows(scope, hop.related, hop.relatedField, sub);
  const linkGuard = linked ? sql` and ${linked}` : sql``;
  const from = sql`select 1 from ${sql.id(hop.related)} as ${sql.id(sub)} where ${link}${guard}${linkGuard}`;
  if (quantifier === '_every') {
    return sql<boolean>`not exists (${from} and not coalesce(${match}, false))`;
  }
  const exists = sql<boolean>`exists (${from} and ${match})`;
  return quantifier === '_none' ? sql<boolean>`not ${exists}` : exists;
}
