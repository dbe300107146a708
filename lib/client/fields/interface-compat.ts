import type { InterfaceDefinition } from '@/lib/schema/interfaces';
import { fixedRelatedOf, relationKindOf } from '../relations/interface-relation';
import type { FieldRelation } from '../relations/relation-kind';
import type { Field } from './types';

/** Interfaces that make fields of their own kind (no data, or a workflow's state). */
const OWN_KIND_GROUPS = new Set(['presentation', 'group', 'workflow']);

/**
 * The interfaces an existing field may switch to without changing what it is: one for its
 * column type, and for a relational field one that sets up the same kind of relation (a
 * file interface only where the field points at the files collection). The current
 * interface is always among them.
 */
export function compatibleInterfaces(
  interfaces: readonly InterfaceDefinition[],
  field: Field,
  relation: FieldRelation | null,
): InterfaceDefinition[] {
  const current = field.meta?.interface ?? null;
  return interfaces.filter((iface) => {
    if (iface.id === current) return true;
    if (!iface.supported || OWN_KIND_GROUPS.has(iface.group)) return false;
    if (!iface.types.includes(field.type)) return false;
    const kind = relationKindOf(iface);
    if (kind !== (relation?.kind ?? null)) return false;
    const fixed = fixedRelatedOf(iface);
    return fixed === null || fixed === relation?.target;
  });
}
