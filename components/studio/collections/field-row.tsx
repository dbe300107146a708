'use client';

import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { LiHTMLAttributes } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Field, Relation } from '@/lib/client/collections/schema-types';
import { relationOf } from '@/lib/client/relations/relation-kind';
import { cn } from '@/lib/cn';
import { DragGrip, MoveButtons } from '../kit/reorder';

const JUNCTION_UIS = new Set(['translations', 'list-m2a']);

export function FieldRow({
  field,
  index,
  total,
  relations,
  interfaceNames,
  editable,
  busy,
  dragging,
  dragProps,
  onMove,
  onEdit,
  onDelete,
}: {
  field: Field;
  index: number;
  total: number;
  relations: Relation[];
  /** Interface ids to their names, from the catalogue (ids show until it loads). */
  interfaceNames: ReadonlyMap<string, string>;
  editable: boolean;
  busy: boolean;
  dragging: boolean;
  /** From `useDragReorder`: makes the row a drag source and drop target. */
  dragProps: LiHTMLAttributes<HTMLLIElement>;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations('FieldEditor');
  const relation = relationOf(field.collection, field.field, relations);
  const pk = field.schema?.is_primary_key ?? false;
  const meta = field.meta;
  // Translations and many-to-any fields say what they are, not the junction they ride on.
  const ownName = JUNCTION_UIS.has(meta?.interface ?? '')
    ? interfaceNames.get(meta?.interface ?? '')
    : undefined;
  return (
    <li
      className={cn('flex items-center gap-3 px-3 py-2.5', dragging && 'opacity-50')}
      {...dragProps}
    >
      {editable && <DragGrip />}
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-center gap-1.5 font-mono text-sm font-medium">
            {pk && (
              <KeyRound aria-label={t('primaryKey')} className="size-3.5 shrink-0 text-amber-600" />
            )}
            <span className="truncate">{field.field}</span>
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {relation
              ? `${ownName ?? t(`kind.${relation.kind}`)} → ${relation.target ?? '?'}`
              : meta?.interface
                ? (interfaceNames.get(meta.interface) ?? meta.interface)
                : t('noInterface')}
            {meta?.note && ` · ${meta.note}`}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary" className="font-mono">
            {field.type}
          </Badge>
          {meta?.required && <Badge variant="outline">{t('flagRequired')}</Badge>}
          {meta?.readonly && <Badge variant="outline">{t('flagReadonly')}</Badge>}
          {meta?.hidden && <Badge variant="outline">{t('flagHidden')}</Badge>}
          {field.schema?.is_unique && !pk && <Badge variant="outline">{t('flagUnique')}</Badge>}
        </div>
      </div>
      {editable && (
        <div className="flex shrink-0 items-center gap-0.5">
          <MoveButtons
            index={index}
            total={total}
            disabled={busy}
            upLabel={t('moveUp', { field: field.field })}
            downLabel={t('moveDown', { field: field.field })}
            onMove={onMove}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('edit', { field: field.field })}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
          </Button>
          {!pk && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('delete', { field: field.field })}
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
