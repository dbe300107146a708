import type { PlanNode } from './plan-types';

/**
 * Whether a read's statement has one best plan whatever its values: no filter, search or
 * item permission anywhere in it (root or nested), so its only values are the window's limit
 * and offset and the fixed numbers of the counts. Such a statement can be planned once per
 * connection and reused (see stablePlanDb); one whose rows depend on a value a request brings
 * (a status, a threshold, a word) keeps a plan made for that value.
 */
export function planStable(node: PlanNode): boolean {
  const { access } = node;
  if (node.filter || node.search || access.filter || access.fieldFilter) return false;
  for (const s of node.selections) {
    if (s.kind === 'relation' || s.kind === 'keys') {
      if (!planStable(s.node)) return false;
    } else if (s.kind === 'any') {
      if (!s.targets.every((t) => planStable(t.node))) return false;
    }
  }
  return true;
}
