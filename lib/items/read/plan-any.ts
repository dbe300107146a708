import type { SchemaOverview } from '@/lib/schema/overview';
import { fieldDenied } from '../filter/context';
import type { DeepQuery } from '../query';
import { anyRelationOf, anyTarget, type M2OHop } from '../relations-path';
import { allowsField, type NodeAccess } from './read-access';
import type { PlanNode, Selection } from './plan-types';

/** `item:headings` → `['item', 'headings']`; null for a name without a collection. */
export function splitAnyName(name: string): [string, string] | null {
  const colon = name.indexOf(':');
  if (colon <= 0 || colon === name.length - 1) return null;
  return [name.slice(0, colon), name.slice(colon + 1)];
}

/**
 * Adds one collection of a many-to-any field to the node's selections (one `any`
 * selection per field, whatever number of collections is asked for). The field and its
 * collection field must be readable here; the target collection is read under its own
 * policy, so a collection the caller may not read is a 403 and hidden items are null.
 */
export function addAnyTarget(input: {
  schema: SchemaOverview;
  node: PlanNode;
  access: NodeAccess;
  name: string;
  deep: (key: string) => DeepQuery;
  /** Builds the nested node, and checks the caller may read the target collection. */
  build: (hop: M2OHop, deep: DeepQuery) => PlanNode;
}): void {
  const { schema, node, access, name } = input;
  const [field, target] = splitAnyName(name) as [string, string];
  const c = schema.collections[node.collection];
  const f = Object.hasOwn(c.fields, field) ? c.fields[field] : undefined;
  const any = f ? anyRelationOf(schema, node.collection, field) : null;
  if (!f || !any || !allowsField(access, field) || !allowsField(access, any.collectionField)) {
    throw fieldDenied(node.collection, name.slice(0, 80));
  }
  const hop = anyTarget(schema, any, target);
  const child = input.build(hop, input.deep(name));
  const existing = node.selections.findIndex((s) => s.key === field);
  const current = existing >= 0 ? node.selections[existing] : null;
  if (current?.kind === 'any') {
    if (!current.targets.some((t) => t.collection === target)) {
      current.targets.push({ collection: target, hop, node: child });
    }
    return;
  }
  const selection: Selection = {
    kind: 'any',
    key: field,
    field: f,
    any,
    targets: [{ collection: target, hop, node: child }],
  };
  // The plain key of the same field (from `*`) gives way to the items.
  if (existing >= 0) node.selections[existing] = selection;
  else node.selections.push(selection);
}
