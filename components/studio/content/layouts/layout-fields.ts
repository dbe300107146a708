import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';
import { templateFields } from '@/lib/client/items/display-template';
import type { LayoutOptions } from '../use-browser-view';

/** What the cards show, with defaults filled in, and the fields a read needs for it. */
export interface CardsSetup {
  imageSource: string | null;
  title: string;
  subtitle: string | null;
  fields: string[];
}

export interface CalendarSetup {
  startDateField: string | null;
  /** `date` keeps a day; `dateTime`/`timestamp` keep the time of day too. */
  dateType: FilterField['type'] | null;
  mode: 'month' | 'week' | 'day';
  /** The day the shown span contains, `YYYY-MM-DD`. */
  date: string;
}

export interface KanbanSetup {
  groupField: string | null;
  /** The field's choices; empty for a many-to-one, whose columns are the related items. */
  columns: { text: string; value: string | number }[];
  /** The collection a many-to-one group field leads to. */
  related: string | null;
}

const DATE_TYPES = new Set(['date', 'dateTime', 'timestamp']);
const own = (paths: FilterField[]) => paths.filter((p) => !p.path.includes('.'));

/** Fields a card image may come from: many-to-ones to the file library shown as images. */
export const imageFields = (paths: FilterField[]) =>
  own(paths).filter((p) => p.interface === 'file-image');
export const dateFields = (paths: FilterField[]) =>
  own(paths).filter((p) => DATE_TYPES.has(p.type));
/** Fields that split items into columns: those with choices, and many-to-ones. */
export const groupFields = (paths: FilterField[], relatedOf: ReadonlyMap<string, string>) =>
  own(paths).filter((p) => (p.choices?.length ?? 0) > 0 || relatedOf.has(p.path));

export function cardsSetup(
  options: LayoutOptions['cards'],
  paths: FilterField[],
  primaryKey: string,
  /** The collection's own display template, or `{{label}}` of its telling field. */
  fallbackTitle: string,
): CardsSetup {
  const images = imageFields(paths);
  const imageSource =
    (images.find((p) => p.path === options?.imageSource) ?? images[0])?.path ?? null;
  const title = options?.title?.trim() || fallbackTitle;
  const subtitle = options?.subtitle?.trim() || null;
  const fields = new Set([primaryKey, ...templateFields(title), ...templateFields(subtitle)]);
  if (imageSource) fields.add(imageSource);
  return { imageSource, title, subtitle, fields: [...fields] };
}

export function todayString(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function calendarSetup(
  options: LayoutOptions['calendar'],
  paths: FilterField[],
): CalendarSetup {
  const dates = dateFields(paths);
  const chosen = dates.find((p) => p.path === options?.startDateField) ?? dates[0] ?? null;
  return {
    startDateField: chosen?.path ?? null,
    dateType: chosen?.type ?? null,
    mode: options?.mode ?? 'month',
    date: options?.date ?? todayString(),
  };
}

export function kanbanSetup(
  options: LayoutOptions['kanban'],
  paths: FilterField[],
  relatedOf: ReadonlyMap<string, string>,
): KanbanSetup {
  const groups = groupFields(paths, relatedOf);
  const chosen = groups.find((p) => p.path === options?.groupField) ?? groups[0] ?? null;
  const related = chosen ? (relatedOf.get(chosen.path) ?? null) : null;
  return {
    groupField: chosen?.path ?? null,
    columns: related ? [] : (chosen?.choices ?? []),
    related,
  };
}
