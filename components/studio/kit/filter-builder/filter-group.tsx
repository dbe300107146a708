'use client';

import { FolderPlus, Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/cn';
import { emptyGroup, nodeId, type FilterGroup as Group, type FilterNode } from './model';
import { FilterRuleRow } from './filter-rule';
import type { FilterField } from './use-filter-fields';

export function FilterGroupView({
  group,
  fields,
  dynamicValues,
  depth,
  onChange,
  onRemove,
}: {
  group: Group;
  fields: FilterField[];
  dynamicValues: boolean;
  depth: number;
  onChange: (group: Group) => void;
  onRemove?: () => void;
}) {
  const t = useTranslations('FilterBuilder');
  const setChild = (id: string, next: FilterNode | null) =>
    onChange({
      ...group,
      children: next
        ? group.children.map((c) => (c.id === id ? next : c))
        : group.children.filter((c) => c.id !== id),
    });
  const addRule = () =>
    onChange({
      ...group,
      children: [
        ...group.children,
        { kind: 'rule', id: nodeId(), field: '', operator: '_eq', value: '' },
      ],
    });
  const addGroup = () =>
    onChange({
      ...group,
      children: [...group.children, emptyGroup(group.logic === '_and' ? '_or' : '_and')],
    });

  return (
    <div
      role="group"
      aria-label={group.logic === '_and' ? t('groupAll') : t('groupAny')}
      className={cn('flex flex-col gap-2', depth > 0 && 'rounded-lg border border-dashed p-2')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted-foreground">{t('match')}</span>
        <ToggleGroup
          type="single"
          value={group.logic}
          onValueChange={(v) => v && onChange({ ...group, logic: v as Group['logic'] })}
          aria-label={t('logic')}
        >
          <ToggleGroupItem size="sm" value="_and">
            {t('all')}
          </ToggleGroupItem>
          <ToggleGroupItem size="sm" value="_or">
            {t('any')}
          </ToggleGroupItem>
        </ToggleGroup>
        {onRemove && (
          <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onRemove}>
            <X aria-hidden />
            {t('removeGroup')}
          </Button>
        )}
      </div>
      {group.children.length === 0 && depth === 0 && (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      )}
      {group.children.map((child) =>
        child.kind === 'rule' ? (
          <FilterRuleRow
            key={child.id}
            rule={child}
            fields={fields}
            dynamicValues={dynamicValues}
            onChange={(r) => setChild(child.id, r)}
            onRemove={() => setChild(child.id, null)}
          />
        ) : (
          <FilterGroupView
            key={child.id}
            group={child}
            fields={fields}
            dynamicValues={dynamicValues}
            depth={depth + 1}
            onChange={(g) => setChild(child.id, g)}
            onRemove={() => setChild(child.id, null)}
          />
        ),
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={addRule}>
          <Plus aria-hidden />
          {t('addRule')}
        </Button>
        {depth < 3 && (
          <Button type="button" variant="ghost" size="sm" onClick={addGroup}>
            <FolderPlus aria-hidden />
            {t('addGroup')}
          </Button>
        )}
      </div>
    </div>
  );
}
