'use client';

import { Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ConfirmButton } from '../kit/confirm-button';
import { buildTree, type TreeNode } from './tree';

type Row = { id: string; parent: string | null };

function Branch<T extends Row>({
  nodes,
  render,
}: {
  nodes: TreeNode<T>[];
  render: (row: T, depth: number) => ReactNode;
}) {
  return (
    <ul className="flex flex-col">
      {nodes.map(({ row, children, depth }) => (
        <li key={row.id}>
          {render(row, depth)}
          {children.length > 0 && <Branch nodes={children} render={render} />}
        </li>
      ))}
    </ul>
  );
}

/** Flat rows with parents shown as a nested list, each row drawn by `render`. */
export function TreeList<T extends Row>({
  rows,
  render,
}: {
  rows: T[];
  render: (row: T, depth: number) => ReactNode;
}) {
  return <Branch nodes={buildTree(rows)} render={render} />;
}

/** A tree row's line, indented by its depth. */
export function TreeLine({
  depth,
  className,
  children,
}: {
  depth: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('flex items-center gap-2 border-b py-2 pr-2', className)}
      style={{ paddingLeft: `${depth * 1.25 + 0.75}rem` }}
    >
      {children}
    </div>
  );
}

/**
 * The registry row of roles, scopes and module keys: icon, name and detail, what else the
 * row shows, then add-inside, edit and a delete that asks first.
 */
export function EditableTreeRow({
  depth,
  icon: Icon,
  title,
  detail,
  mono = false,
  extra,
  add,
  edit,
  remove,
}: {
  depth: number;
  icon?: LucideIcon;
  title: string;
  detail?: string | null;
  /** The detail is a key or URI, set in the code font. */
  mono?: boolean;
  extra?: ReactNode;
  add?: { label: string; onClick: () => void };
  edit: { label: string; onClick: () => void };
  remove: { label: string; title: string; description: string; onConfirm: () => Promise<unknown> };
}) {
  return (
    <TreeLine depth={depth} className="flex-wrap">
      {Icon && <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        {detail && (
          <p className={cn('truncate text-xs text-muted-foreground', mono && 'font-mono')}>
            {detail}
          </p>
        )}
      </div>
      {extra}
      {add && (
        <Button variant="ghost" size="icon" aria-label={add.label} onClick={add.onClick}>
          <Plus aria-hidden />
        </Button>
      )}
      <Button variant="ghost" size="icon" aria-label={edit.label} onClick={edit.onClick}>
        <Pencil aria-hidden />
      </Button>
      <ConfirmButton
        iconOnly
        variant="ghost"
        icon={Trash2}
        label={remove.label}
        title={remove.title}
        description={remove.description}
        onConfirm={remove.onConfirm}
      />
    </TreeLine>
  );
}
