'use client';

import { ListFilter, Search } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { FilterBuilder } from '@/components/studio/kit/filter-builder';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { ListMeta } from '@/lib/client/items/types';
import { ColumnChooser } from './column-chooser';
import { LayoutMenu } from './layouts/layout-menu';
import type { BrowserView } from './use-browser-view';

/** Counts the conditions of a filter (leaves with an operator), for the button's badge. */
function conditions(filter: unknown): number {
  if (Array.isArray(filter)) return filter.reduce((n: number, f) => n + conditions(f), 0);
  if (typeof filter !== 'object' || filter === null) return 0;
  return Object.entries(filter).reduce(
    (n, [k, v]) => n + (k.startsWith('_') && k !== '_and' && k !== '_or' ? 1 : conditions(v)),
    0,
  );
}

export function BrowserToolbar({
  collection,
  view,
  update,
  paths,
  relatedOf,
  primaryKey,
  meta,
}: {
  collection: string;
  view: BrowserView;
  update: (patch: Partial<BrowserView>) => void;
  paths: FilterField[];
  /** Many-to-one paths and the collections they lead to. */
  relatedOf: ReadonlyMap<string, string>;
  primaryKey: string;
  meta: ListMeta | undefined;
}) {
  const t = useTranslations('ItemBrowser');
  const format = useFormatter();
  const count = conditions(view.filter);

  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="relative min-w-48 flex-1 sm:max-w-sm">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t('search')}
          placeholder={t('search')}
          value={view.search}
          onChange={(e) => update({ search: e.target.value })}
          className="pl-8"
        />
      </div>
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="outline" size="sm">
            <ListFilter aria-hidden />
            {t('filter')}
            {count > 0 && (
              <Badge variant="secondary" aria-label={t('conditions', { count })}>
                {count}
              </Badge>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent
          align="start"
          collisionPadding={16}
          className="w-[min(40rem,calc(100vw-2rem))]"
        >
          <FilterBuilder
            collection={collection}
            value={view.filter}
            onChange={(filter) => update({ filter })}
            dynamicValues
          />
          {count > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              onClick={() => update({ filter: null })}
            >
              {t('clearFilter')}
            </Button>
          )}
        </PopoverContent>
      </Popover>
      <LayoutMenu view={view} update={update} paths={paths} relatedOf={relatedOf} />
      {view.layout === 'tabular' && (
        <ColumnChooser
          paths={paths}
          value={view.fields}
          primaryKey={primaryKey}
          onChange={(fields) => update({ fields, page: view.page })}
        />
      )}
      <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
        {meta &&
          (meta.total_estimated ? (
            <span title={t('estimatedHint')}>
              {t('totalEstimated', { total: format.number(meta.total) })}
            </span>
          ) : (
            t('total', { total: meta.total, formatted: format.number(meta.total) })
          ))}
      </p>
    </div>
  );
}
