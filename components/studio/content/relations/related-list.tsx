'use client';

import { Link2, Plus, Undo2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Item, ItemKey } from '@/lib/client/items/types';
import type { Relational } from '@/lib/client/items/relational';
import { CreateRelatedDialog } from './create-related-dialog';
import { ItemPicker } from './item-picker';
import { noChanges, type RelatedChanges } from './related-model';

type ListRel = Extract<Relational, { kind: 'o2m' | 'm2m' }>;

/**
 * A one-to-many or many-to-many field: the linked items, with add existing (picker),
 * create new (a small form) and remove. Changes are staged and saved with the item.
 */
export function RelatedList({
  label,
  rel,
  relatedPk,
  junctionPk,
  labelField,
  current,
  changes,
  onChange,
  disabled,
  canCreateRelated,
}: {
  label: string;
  rel: ListRel;
  relatedPk: string;
  /** m2m only: the junction's primary key (what a removal deletes). */
  junctionPk: string | null;
  labelField: string;
  /** As read: o2m rows, or m2m junction rows with the related item nested. */
  current: Item[];
  changes: RelatedChanges | undefined;
  onChange: (c: RelatedChanges) => void;
  disabled?: boolean;
  canCreateRelated: boolean;
}) {
  const t = useTranslations('ItemEditor');
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const c = changes ?? noChanges();

  // Each row: the key a removal uses, and the related item to show.
  const rows = current.map((row) => {
    if (rel.kind === 'o2m') return { removeKey: row[relatedPk] as ItemKey, item: row };
    const nested = row[rel.junctionRelated];
    const item =
      typeof nested === 'object' && nested !== null ? (nested as Item) : { [relatedPk]: nested };
    return { removeKey: row[junctionPk ?? 'id'] as ItemKey, item };
  });
  const linkedKeys = rows
    .map((r) => r.item[relatedPk] as ItemKey)
    .concat(c.added.flatMap((a) => (a.key === undefined ? [] : [a.key])));
  const show = (item: Item) => {
    const text = item[labelField];
    return text === null || text === undefined ? '' : String(text);
  };

  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y rounded-md border bg-card text-sm">
        {rows.length === 0 && c.added.length === 0 && (
          <li className="px-3 py-2 text-muted-foreground">{t('noRelated')}</li>
        )}
        {rows.map(({ removeKey, item }) => {
          const removed = c.removed.some((k) => String(k) === String(removeKey));
          const name = show(item) || `#${String(item[relatedPk])}`;
          return (
            <li key={String(removeKey)} className="flex items-center gap-2 px-3 py-1.5">
              <span
                className={
                  removed ? 'flex-1 truncate text-muted-foreground line-through' : 'flex-1 truncate'
                }
              >
                {name}{' '}
                <span className="font-mono text-xs text-muted-foreground">
                  #{String(item[relatedPk])}
                </span>
              </span>
              {!disabled &&
                (removed ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t('undoRemove', { item: name })}
                    onClick={() =>
                      onChange({
                        ...c,
                        removed: c.removed.filter((k) => String(k) !== String(removeKey)),
                      })
                    }
                  >
                    <Undo2 aria-hidden />
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t('removeRelated', { item: name })}
                    onClick={() => onChange({ ...c, removed: [...c.removed, removeKey] })}
                  >
                    <X aria-hidden />
                  </Button>
                ))}
            </li>
          );
        })}
        {c.added.map((a, i) => {
          const name =
            show(a.display) || (a.key !== undefined ? `#${String(a.key)}` : t('newItem'));
          return (
            <li key={`added-${i}`} className="flex items-center gap-2 px-3 py-1.5">
              <span className="flex-1 truncate">{name}</span>
              <Badge variant="success">{a.key === undefined ? t('toCreate') : t('toLink')}</Badge>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('removeRelated', { item: name })}
                onClick={() => onChange({ ...c, added: c.added.filter((_, j) => j !== i) })}
              >
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      {!disabled && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
            <Link2 aria-hidden />
            {t('addExisting')}
          </Button>
          {canCreateRelated && (
            <Button type="button" variant="outline" size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t('createNew')}
            </Button>
          )}
        </div>
      )}
      <ItemPicker
        collection={rel.related}
        open={picking}
        onOpenChange={setPicking}
        exclude={linkedKeys}
        onPick={(key, item) => onChange({ ...c, added: [...c.added, { key, display: item }] })}
      />
      <CreateRelatedDialog
        collection={rel.related}
        open={creating}
        onOpenChange={setCreating}
        // An o2m child's foreign key is set by the nested write: don't ask for it.
        omit={rel.kind === 'o2m' ? [rel.foreignKey] : []}
        onCreate={(values) => onChange({ ...c, added: [...c.added, { values, display: values }] })}
      />
    </div>
  );
}
