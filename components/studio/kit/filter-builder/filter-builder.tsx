'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FilterGroupView } from './filter-group';
import { parseFilter, toFilter, type Filter, type FilterGroup } from './model';
import { RawFilterEditor } from './raw-filter-editor';
import { useFilterFields } from './use-filter-fields';

export interface FilterBuilderProps {
  collection: string;
  value: Record<string, unknown> | null;
  onChange(value: Record<string, unknown> | null): void;
  /** Offer `$CURRENT_USER`, `$NOW` and the other request-time values as suggestions. */
  dynamicValues?: boolean;
}

const same = (a: Filter | null, b: Filter | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Edits a query-language filter: visually (rules and `_and`/`_or` groups over the
 * collection's fields and its many-to-one paths) or as raw JSON. A filter the visual
 * editor can't show (quantifiers, functions) opens on the JSON tab and stays editable there.
 */
export function FilterBuilder({
  collection,
  value,
  onChange,
  dynamicValues = false,
}: FilterBuilderProps) {
  const t = useTranslations('FilterBuilder');
  const fields = useFilterFields(collection);
  const [tree, setTree] = useState<FilterGroup | null>(() => parseFilter(value));
  const [tab, setTab] = useState<'visual' | 'json'>(() => (parseFilter(value) ? 'visual' : 'json'));
  // The last filter this component emitted: a new `value` from outside re-parses the tree,
  // an echo of our own change doesn't (so half-typed rules survive the round trip).
  const emitted = useRef<Filter | null>(value);

  useEffect(() => {
    if (same(value, emitted.current)) return;
    emitted.current = value;
    setTree(parseFilter(value));
  }, [value]);

  const emit = (next: Filter | null) => {
    emitted.current = next;
    if (!same(next, value)) onChange(next);
  };

  const changeTree = (next: FilterGroup) => {
    setTree(next);
    emit(toFilter(next));
  };

  return (
    <Tabs
      value={tab}
      onValueChange={(v) => setTab(v as 'visual' | 'json')}
      className="flex flex-col gap-3"
    >
      <TabsList aria-label={t('mode')} className="self-start">
        <TabsTrigger value="visual">{t('visual')}</TabsTrigger>
        <TabsTrigger value="json">{t('json')}</TabsTrigger>
      </TabsList>
      <TabsContent value="visual">
        {fields.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : tree ? (
          <FilterGroupView
            group={tree}
            fields={fields.data}
            dynamicValues={dynamicValues}
            depth={0}
            onChange={changeTree}
          />
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            {t('notVisual')}
          </p>
        )}
      </TabsContent>
      <TabsContent value="json">
        <RawFilterEditor
          value={value}
          onChange={(next) => {
            setTree(parseFilter(next));
            emit(next);
          }}
        />
      </TabsContent>
    </Tabs>
  );
}
