import type { FilterOperator } from '@/lib/items/query';
import { isRecord } from '@/lib/client/guards';
import { isOperator } from './operators';

/** One condition: a field path (`author.name` for a relation), an operator and its value. */
export interface FilterRule {
  kind: 'rule';
  id: string;
  field: string;
  operator: FilterOperator;
  value: unknown;
}

/** `_and` or `_or` over rules and nested groups. */
export interface FilterGroup {
  kind: 'group';
  id: string;
  logic: '_and' | '_or';
  children: FilterNode[];
}

export type FilterNode = FilterRule | FilterGroup;
export type Filter = Record<string, unknown>;

let counter = 0;
/** Ids only key the React list; they never reach the filter. */
export function nodeId(): string {
  counter += 1;
  return `n${counter}`;
}

export function emptyGroup(logic: FilterGroup['logic'] = '_and'): FilterGroup {
  return { kind: 'group', id: nodeId(), logic, children: [] };
}

/** `{author: {name: {_eq: 1}}}` below `path` → rules; null when it isn't that shape. */
function parseField(path: string[], value: unknown): FilterNode[] | null {
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  if (keys.length === 0) return null;
  const out: FilterNode[] = [];
  for (const key of keys) {
    if (isOperator(key)) {
      out.push({
        kind: 'rule',
        id: nodeId(),
        field: path.join('.'),
        operator: key,
        value: value[key],
      });
    } else if (key.startsWith('_')) {
      // Quantifiers (`_some`, `_none`) and anything new: only the JSON tab edits those.
      return null;
    } else {
      const nested = parseField([...path, key], value[key]);
      if (!nested) return null;
      out.push(...nested);
    }
  }
  return out;
}

function parseNode(filter: Filter): FilterNode | null {
  const keys = Object.keys(filter);
  if (keys.length === 1 && (keys[0] === '_and' || keys[0] === '_or')) {
    const list = filter[keys[0]];
    if (!Array.isArray(list)) return null;
    const children: FilterNode[] = [];
    for (const item of list) {
      if (!isRecord(item)) return null;
      const child = parseNode(item);
      if (!child) return null;
      children.push(child);
    }
    return { kind: 'group', id: nodeId(), logic: keys[0], children };
  }
  const rules: FilterNode[] = [];
  for (const key of keys) {
    if (key.startsWith('_')) return null;
    const parsed = parseField([key], filter[key]);
    if (!parsed) return null;
    rules.push(...parsed);
  }
  return rules.length === 1
    ? rules[0]
    : { kind: 'group', id: nodeId(), logic: '_and', children: rules };
}

/**
 * A filter object as a tree the builder can show; the top is always a group. Null when the
 * filter uses something the builder can't show (quantifiers, functions): the JSON tab
 * still edits it.
 */
export function parseFilter(filter: Filter | null): FilterGroup | null {
  if (!filter || Object.keys(filter).length === 0) return emptyGroup();
  const node = parseNode(filter);
  if (!node) return null;
  return node.kind === 'group' ? node : { ...emptyGroup(), children: [node] };
}

function ruleToFilter(rule: FilterRule): Filter {
  const leaf: Filter = { [rule.operator]: rule.value };
  return rule.field.split('.').reduceRight<Filter>((inner, part) => ({ [part]: inner }), leaf);
}

/** A rule still being filled in (no field, or an empty value) filters nothing yet. */
function complete(rule: FilterRule): boolean {
  const v = rule.value;
  if (!rule.field || v === '' || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0 && v.every((x) => x !== '');
  return true;
}

function nodeToFilter(node: FilterNode): Filter | null {
  if (node.kind === 'rule') return complete(node) ? ruleToFilter(node) : null;
  const children = node.children.map(nodeToFilter).filter((c): c is Filter => c !== null);
  return children.length ? { [node.logic]: children } : null;
}

/** The tree as the query language's filter object; null when it holds no condition. */
export function toFilter(group: FilterGroup): Filter | null {
  return nodeToFilter(group);
}

/** Replaces the node with `id` anywhere in the tree (null removes it). */
export function replaceNode(group: FilterGroup, id: string, next: FilterNode | null): FilterGroup {
  const children: FilterNode[] = [];
  for (const child of group.children) {
    if (child.id === id) {
      if (next) children.push(next);
    } else {
      children.push(child.kind === 'group' ? replaceNode(child, id, next) : child);
    }
  }
  return { ...group, children };
}
