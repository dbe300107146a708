import 'server-only';
import type { Selectable } from 'kysely';
import type { Db } from '@/lib/db/client';
import type { ScopeItemsTable } from '@/lib/core/tables';
import { defineError } from '@/lib/core/errors';
import { onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';
import { invalidateAccessCache } from './policies';

export const InvalidScopeError = defineError('INVALID_SCOPE', 400, 'Invalid scope');
export const ForbiddenScopeError = defineError(
  'FORBIDDEN_SCOPE',
  403,
  "You don't have access to this scope.",
);

export type ScopeItem = Selectable<ScopeItemsTable>;

/** A scope the request resolved to: the item and its ancestry, nearest first. */
export interface ResolvedScope {
  item: ScopeItem;
  /** Ids of the item and every ancestor up to the top of the tree. */
  chain: string[];
}

interface ScopeTree {
  byUri: Map<string, ScopeItem>;
  byId: Map<string, ScopeItem>;
}

// Every scoped request looks its URI up: the whole (small) tree is cached and rebuilt on a
// change through /api/scope, or after the TTL when another instance changed it.
const TTL_MS = 30_000;
let cached: { tree: ScopeTree; at: number } | null = null;

onSiblingNotice('scope', () => (cached = null));

/** Called after every write to daas_scope_items. Deleting a scope drops its access rows too. */
export function invalidateScopeCache(): void {
  cached = null;
  tellSiblings('scope');
  invalidateAccessCache();
}

async function scopeTree(db: Db): Promise<ScopeTree> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.tree;
  const rows = await db.selectFrom('daas_scope_items').selectAll().execute();
  const tree: ScopeTree = {
    byUri: new Map(rows.map((r) => [r.uri, r])),
    byId: new Map(rows.map((r) => [r.id, r])),
  };
  cached = { tree, at: Date.now() };
  return tree;
}

/**
 * The scope a URI names, with its ancestors; null for the root scope (no URI or an empty
 * one). A URI that names no scope item: 400 INVALID_SCOPE.
 */
export async function resolveScope(db: Db, uri: string | null): Promise<ResolvedScope | null> {
  if (uri === null || uri === '') return null;
  const tree = await scopeTree(db);
  const item = tree.byUri.get(uri);
  if (!item) throw new InvalidScopeError();
  const chain: string[] = [];
  let current: ScopeItem | undefined = item;
  // The visited check keeps a parent cycle written straight into the table from looping.
  while (current && !chain.includes(current.id)) {
    chain.push(current.id);
    current = current.parent ? tree.byId.get(current.parent) : undefined;
  }
  return { item, chain };
}

function subtree(tree: ScopeTree, roots: string[]): string[] {
  const children = new Map<string, string[]>();
  for (const item of tree.byId.values()) {
    if (item.parent) children.set(item.parent, [...(children.get(item.parent) ?? []), item.id]);
  }
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

/** Ids of a scope item and every item below it: the rows a request at that scope sees. */
export async function scopeSubtree(db: Db, id: string): Promise<string[]> {
  return subtree(await scopeTree(db), [id]);
}

/**
 * Ids of the scope items whose rows a request without a scope URI may not reach: those
 * set to `missing_uri_mode = 'reject'` and everything below them.
 */
export async function rejectingScopes(db: Db): Promise<string[]> {
  const tree = await scopeTree(db);
  const roots = [...tree.byId.values()]
    .filter((i) => i.missing_uri_mode === 'reject')
    .map((i) => i.id);
  return roots.length ? subtree(tree, roots) : [];
}
