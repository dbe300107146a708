import { metaOf, type Collection } from './schema-types';

export interface CollectionNode {
  collection: Collection;
  children: CollectionNode[];
}

export function isFolder(c: Collection): boolean {
  return c.schema === null;
}

function byOrder(a: Collection, b: Collection): number {
  const sa = metaOf(a)?.sort ?? Number.MAX_SAFE_INTEGER;
  const sb = metaOf(b)?.sort ?? Number.MAX_SAFE_INTEGER;
  return sa - sb || a.collection.localeCompare(b.collection);
}

/**
 * Collections nested under the folders their meta.group names. A search keeps a folder when
 * it or anything inside it matches; system collections appear only when asked for.
 */
export function collectionTree(
  collections: readonly Collection[],
  options: { search?: string; system?: boolean } = {},
): CollectionNode[] {
  const term = options.search?.trim().toLowerCase() ?? '';
  const shown = collections.filter((c) => options.system || !c.system);
  const names = new Set(shown.map((c) => c.collection));
  const childrenOf = new Map<string | null, Collection[]>();
  for (const c of shown) {
    const group = metaOf(c)?.group;
    // A group that is missing (or hidden with the system ones) leaves the collection at the top.
    const parent = group && names.has(group) && group !== c.collection ? group : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), c]);
  }
  const build = (parent: string | null, seen: Set<string>): CollectionNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((c) => !seen.has(c.collection))
      .sort(byOrder)
      .map((c) => ({
        collection: c,
        children: build(c.collection, new Set([...seen, c.collection])),
      }));
  const matches = (node: CollectionNode): CollectionNode | null => {
    const children = node.children.flatMap((n) => {
      const m = matches(n);
      return m ? [m] : [];
    });
    const self = !term || node.collection.collection.toLowerCase().includes(term);
    if (self && !term) return node;
    if (self) return { ...node, children: node.children };
    return children.length ? { ...node, children } : null;
  };
  return build(null, new Set()).flatMap((n) => {
    const m = matches(n);
    return m ? [m] : [];
  });
}

export function countNodes(nodes: readonly CollectionNode[]): number {
  return nodes.reduce((sum, n) => sum + 1 + countNodes(n.children), 0);
}
