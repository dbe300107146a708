'use client';

import { CalendarDays, Kanban, LayoutGrid, Settings2, Table2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  LAYOUTS,
  type BrowserView,
  type LayoutName,
  type LayoutOptions,
} from '../use-browser-view';
import { dateFields, groupFields, imageFields } from './layout-fields';

const ICONS = { tabular: Table2, cards: LayoutGrid, calendar: CalendarDays, kanban: Kanban };
const NONE = '__none__';

function FieldSelect({
  label,
  fields,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  fields: FilterField[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  optional?: boolean;
}) {
  const t = useTranslations('ItemBrowser');
  return (
    <Field label={label}>
      {(control) => (
        <Select
          value={value ?? (optional ? NONE : undefined)}
          onValueChange={(v) => onChange(v === NONE ? undefined : v)}
        >
          <SelectTrigger {...control}>
            <SelectValue placeholder={t('layoutPickField')} />
          </SelectTrigger>
          <SelectContent>
            {optional && <SelectItem value={NONE}>{t('layoutNoField')}</SelectItem>}
            {fields.map((f) => (
              <SelectItem key={f.path} value={f.path}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/** The layout picker and the chosen layout's own settings, for the browser's toolbar. */
export function LayoutMenu({
  view,
  update,
  paths,
  relatedOf,
}: {
  view: BrowserView;
  update: (patch: Partial<BrowserView>) => void;
  paths: FilterField[];
  relatedOf: ReadonlyMap<string, string>;
}) {
  const t = useTranslations('ItemBrowser');
  const titleId = useId();
  const setOptions = <K extends keyof LayoutOptions>(key: K, patch: LayoutOptions[K]) =>
    update({ options: { ...view.options, [key]: { ...view.options[key], ...patch } } });
  const Icon = ICONS[view.layout];
  return (
    <div className="flex items-center gap-1">
      <Select
        value={view.layout}
        onValueChange={(layout) => update({ layout: layout as LayoutName })}
      >
        <SelectTrigger aria-label={t('layout')} className="h-8 w-auto gap-1.5">
          <Icon aria-hidden className="size-4" />
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LAYOUTS.map((name) => (
            <SelectItem key={name} value={name}>
              {t(`layout_${name}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {view.layout !== 'tabular' && (
        <Popover>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              aria-label={t('layoutOptions')}
            >
              <Settings2 aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent align="end" className="w-80 space-y-3" aria-labelledby={titleId}>
            <h2 id={titleId} className="text-sm font-semibold">
              {t('layoutOptions')}
            </h2>
            {view.layout === 'cards' && (
              <>
                <FieldSelect
                  label={t('cardsImage')}
                  fields={imageFields(paths)}
                  value={view.options.cards?.imageSource}
                  onChange={(imageSource) => setOptions('cards', { imageSource })}
                  optional
                />
                <Field label={t('cardsTitle')} hint={t('templateHint')}>
                  <Input
                    value={view.options.cards?.title ?? ''}
                    placeholder="{{title}}"
                    onChange={(e) => setOptions('cards', { title: e.target.value })}
                  />
                </Field>
                <Field label={t('cardsSubtitle')}>
                  <Input
                    value={view.options.cards?.subtitle ?? ''}
                    onChange={(e) => setOptions('cards', { subtitle: e.target.value })}
                  />
                </Field>
              </>
            )}
            {view.layout === 'calendar' && (
              <FieldSelect
                label={t('calendarField')}
                fields={dateFields(paths)}
                value={view.options.calendar?.startDateField}
                onChange={(startDateField) => setOptions('calendar', { startDateField })}
              />
            )}
            {view.layout === 'kanban' && (
              <FieldSelect
                label={t('kanbanField')}
                fields={groupFields(paths, relatedOf)}
                value={view.options.kanban?.groupField}
                onChange={(groupField) => setOptions('kanban', { groupField })}
              />
            )}
          </PopoverContent>
        </Popover>
      )}
    </div>
  );
}
