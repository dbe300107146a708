'use client';

import { ChevronDown } from 'lucide-react';
import { useLocale } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { fieldLabel } from '@/lib/client/fields/field-label';
import { cn } from '@/lib/cn';
import { optionsOf } from './options';
import {
  isGroupField,
  layoutTree,
  PRESENTATION_INTERFACES,
  widthClass,
  type LayoutNode,
} from './layout-tree';
import { PresentationField } from './presentation-field';
import type { EditorField } from './use-editor-schema';

type Node = LayoutNode<EditorField>;

interface LayoutProps {
  /** The fields to show, conditions applied and hidden ones left out. */
  fields: EditorField[];
  values: Record<string, unknown>;
  /** Fields with an error: a closed group holding one opens. */
  errors: Record<string, string>;
  renderField: (ef: EditorField) => ReactNode;
}

const hasError = (node: Node, errors: Record<string, string>): boolean =>
  Boolean(errors[node.item.field.field]) || node.children.some((c) => hasError(c, errors));

/**
 * The item form's fields in a grid: `meta.width` half sits two to a row from the small
 * breakpoint up (one column on a phone), groups gather their children, presentation fields
 * show their content.
 */
export function FormLayout(props: LayoutProps) {
  const tree = layoutTree(props.fields, (ef) => ef.field);
  return <Grid nodes={tree} {...props} />;
}

function Grid({ nodes, ...props }: LayoutProps & { nodes: Node[] }) {
  return (
    <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {nodes.map((node) => (
        <div key={node.item.field.field} className={cn('min-w-0', widthClass(node.item.field))}>
          <LayoutNodeView node={node} {...props} />
        </div>
      ))}
    </div>
  );
}

function LayoutNodeView({ node, ...props }: LayoutProps & { node: Node }) {
  const locale = useLocale();
  const f = node.item.field;
  const label = fieldLabel(f, locale);
  if (PRESENTATION_INTERFACES.has(f.meta?.interface ?? '') && f.schema === null) {
    return <PresentationField field={f} label={label} values={props.values} />;
  }
  if (!isGroupField(f)) return props.renderField(node.item);
  switch (f.meta?.interface) {
    case 'group-detail':
      return <DetailGroup node={node} label={label} {...props} />;
    case 'group-accordion':
      return <AccordionGroup node={node} label={label} {...props} />;
    default:
      return (
        <div role="group" aria-label={label}>
          <Grid nodes={node.children} {...props} />
        </div>
      );
  }
}

/** A section header that opens and closes what is under it. */
function Section({
  label,
  open,
  onToggle,
  children,
  level,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  level: 'detail' | 'accordion';
}) {
  const id = useId();
  return (
    <section
      aria-label={label}
      className={cn(level === 'detail' ? 'rounded-md border' : 'border-b last:border-b-0')}
    >
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2.5 text-left text-sm font-semibold outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
        >
          {label}
          <ChevronDown
            aria-hidden
            className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-3 pt-1 pb-4">
        {children}
      </div>
    </section>
  );
}

/** Directus's detail group: one collapsible section, open or closed to start with. */
function DetailGroup({ node, label, ...props }: LayoutProps & { node: Node; label: string }) {
  const [open, setOpen] = useState(optionsOf(node.item.field).start !== 'closed');
  return (
    <Section
      label={label}
      level="detail"
      open={open || hasError(node, props.errors)}
      onToggle={() => setOpen((o) => !o)}
    >
      <Grid nodes={node.children} {...props} />
    </Section>
  );
}

/**
 * Directus's accordion: each child is a section (a group shows its own children, a field
 * itself). With `accordionMode` (the default) opening one closes the others.
 */
function AccordionGroup({ node, label, ...props }: LayoutProps & { node: Node; label: string }) {
  const locale = useLocale();
  const options = optionsOf(node.item.field);
  const single = options.accordionMode !== false;
  const names = node.children.map((c) => c.item.field.field);
  const [open, setOpen] = useState<string[]>(() =>
    options.start === 'opened' ? names : options.start === 'closed' ? [] : names.slice(0, 1),
  );
  const toggle = (name: string) =>
    setOpen((now) =>
      now.includes(name) ? now.filter((n) => n !== name) : single ? [name] : [...now, name],
    );
  return (
    <div role="group" aria-label={label} className="rounded-md border">
      {node.children.map((child) => {
        const name = child.item.field.field;
        const inner = isGroupField(child.item.field) ? (
          <Grid nodes={child.children} {...props} />
        ) : (
          <Grid nodes={[{ ...child }]} {...props} />
        );
        return (
          <Section
            key={name}
            label={fieldLabel(child.item.field, locale)}
            level="accordion"
            open={open.includes(name) || hasError(child, props.errors)}
            onToggle={() => toggle(name)}
          >
            {inner}
          </Section>
        );
      })}
    </div>
  );
}
