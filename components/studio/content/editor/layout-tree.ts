import type { Field } from '@/lib/client/fields/types';

/** Interfaces that show something in the form without holding a value. */
export const PRESENTATION_INTERFACES = new Set([
  'presentation-divider',
  'presentation-notice',
  'presentation-links',
]);
/** Interfaces that gather the fields whose `meta.group` names them. */
export const GROUP_INTERFACES = new Set(['group-raw', 'group-detail', 'group-accordion']);

/** A presentation or group field: laid out by the form, never read or written. */
export function isLayoutField(field: Field): boolean {
  const ui = field.meta?.interface ?? '';
  return field.schema === null && (PRESENTATION_INTERFACES.has(ui) || GROUP_INTERFACES.has(ui));
}

export function isGroupField(field: Field): boolean {
  return field.schema === null && GROUP_INTERFACES.has(field.meta?.interface ?? '');
}

export interface LayoutNode<T> {
  item: T;
  children: LayoutNode<T>[];
}

/**
 * The form's fields as a tree: each field under the group its `meta.group` names, in the
 * order given. A field whose group is missing (or not shown) sits at the top, and a group
 * that would contain itself through its children is cut there so nothing is lost.
 */
export function layoutTree<T>(items: readonly T[], fieldOf: (item: T) => Field): LayoutNode<T>[] {
  const groups = new Map<string, LayoutNode<T>>();
  const nodes = items.map((item) => {
    const node: LayoutNode<T> = { item, children: [] };
    if (isGroupField(fieldOf(item))) groups.set(fieldOf(item).field, node);
    return node;
  });
  const parentOf = (field: Field) => {
    const group = field.meta?.group;
    return group && group !== field.field ? groups.get(group) : undefined;
  };
  const roots: LayoutNode<T>[] = [];
  for (const node of nodes) {
    const field = fieldOf(node.item);
    const parent = parentOf(field);
    // Walking up from the parent must not come back to this field (a cycle of groups).
    let cursor = parent;
    let cyclic = false;
    for (let hops = 0; cursor && hops <= nodes.length; hops++) {
      if (cursor === node) {
        cyclic = true;
        break;
      }
      cursor = parentOf(fieldOf(cursor.item));
    }
    if (parent && !cyclic) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Grid columns for `meta.width`: half sits beside another half, everything else spans. */
export function widthClass(field: Field): string {
  const width = field.meta?.width ?? 'full';
  return width === 'half' || width === 'half-left' || width === 'half-right'
    ? 'sm:col-span-1'
    : 'sm:col-span-2';
}

/** `{{field}}` placeholders in a link filled from the item's values. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let v: unknown = values;
    for (const part of path.split('.')) {
      v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined;
    }
    return v === null || v === undefined || typeof v === 'object'
      ? ''
      : encodeURIComponent(String(v));
  });
}

/** Only web and relative addresses become links; `javascript:` and the like do not. */
export function safeHref(url: string): string | null {
  const u = url.trim();
  if (!u) return null;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return /^(https?:|mailto:)/i.test(u) ? u : null;
}
