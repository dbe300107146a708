'use client';

import { useTranslations } from 'next-intl';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import type { CollectionSchema } from '../use-collection-schema';
import type { BrowserView } from '../use-browser-view';
import { CalendarLayout } from './calendar-layout';
import type { DateKind } from './calendar-dates';
import { KanbanLayout } from './kanban-layout';
import { calendarSetup, kanbanSetup } from './layout-fields';

function Missing({ text }: { text: string }) {
  return <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">{text}</p>;
}

/**
 * The calendar and the kanban: each reads its own spans or columns from the server, with
 * the browser's filter and search, so neither uses the pager.
 */
export function OtherLayouts({
  schema,
  view,
  update,
  paths,
  relatedOf,
  filter,
  search,
  title,
}: {
  schema: CollectionSchema;
  view: BrowserView;
  update: (patch: Partial<BrowserView>) => void;
  paths: FilterField[];
  relatedOf: ReadonlyMap<string, string>;
  filter: Record<string, unknown> | null;
  search: string;
  /** The display template an item is shown by. */
  title: string;
}) {
  const t = useTranslations('ItemBrowser');
  if (view.layout === 'calendar') {
    const setup = calendarSetup(view.options.calendar, paths);
    if (!setup.startDateField || !setup.dateType) return <Missing text={t('calendarNoField')} />;
    const canMove = schema.canUpdate && schema.fieldAllowed('update', setup.startDateField);
    return (
      <CalendarLayout
        collection={schema.collection}
        primaryKey={schema.primaryKey}
        setup={{
          ...setup,
          startDateField: setup.startDateField,
          dateType: setup.dateType as DateKind,
        }}
        title={title}
        filter={filter}
        search={search}
        canMove={canMove}
        onChange={(patch) =>
          update({
            options: { ...view.options, calendar: { ...view.options.calendar, ...patch } },
          })
        }
      />
    );
  }
  const setup = kanbanSetup(view.options.kanban, paths, relatedOf);
  if (!setup.groupField) return <Missing text={t('kanbanNoField')} />;
  return (
    <KanbanLayout
      collection={schema.collection}
      primaryKey={schema.primaryKey}
      setup={{ ...setup, groupField: setup.groupField }}
      title={title}
      filter={filter}
      search={search}
      // Cards keep the order people gave them (the sort field) unless the view sorts.
      sort={view.sort.length ? view.sort : schema.sortField ? [schema.sortField] : []}
      canMove={schema.canUpdate && schema.fieldAllowed('update', setup.groupField)}
    />
  );
}
