/** Builds a parent → children tree from flat rows; rows whose parent is missing are roots. */
export interface TreeNode<T> {
  row: T;
  children: TreeNode<T>[];
  depth: number;
}

export function buildTree<T extends { id: string; parent: string | null }>(
  rows: T[],
): TreeNode<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parent && ids.has(row.parent) ? row.parent : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const seen = new Set<string>();
  const grow = (parent: string | null, depth: number): TreeNode<T>[] =>
    (byParent.get(parent) ?? [])
      // A cycle in the data must not hang the page.
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => ({ row, depth, children: grow(row.id, depth + 1) }));
  return grow(null, 0);
}

/** The ids of a node and everything under it: a node can't move below itself. */
export function subtreeIds<T extends { id: string; parent: string | null }>(
  rows: T[],
  id: string,
): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parent && out.has(row.parent) && !out.has(row.id)) {
        out.add(row.id);
        grew = true;
      }
    }
  }
  return out;
}
