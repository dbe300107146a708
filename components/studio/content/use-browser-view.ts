'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { isRecord } from '@/lib/client/guards';
import type { Preset } from '@/lib/client/presets/types';

export const LAYOUTS = ['tabular', 'cards', 'calendar', 'kanban'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/**
 * Each layout's own settings, as Directus keeps them in a preset's `layout_options`: the
 * cards' image field and templates, the calendar's date field and span, the kanban's
 * grouping field. Every value is optional; a layout picks a sensible default.
 */
export interface LayoutOptions {
  /** The table's column widths by field path, in pixels. */
  tabular?: { widths?: Record<string, number> };
  cards?: { imageSource?: string; title?: string; subtitle?: string };
  calendar?: { startDateField?: string; mode?: 'month' | 'week' | 'day'; date?: string };
  kanban?: { groupField?: string };
}

/** What a saved view holds: everything that decides which rows show and how. */
export interface BrowserView {
  layout: LayoutName;
  options: LayoutOptions;
  fields: string[];
  sort: string[];
  filter: Record<string, unknown> | null;
  search: string;
  page: number;
  limit: number;
}

const isLayout = (v: unknown): v is LayoutName => LAYOUTS.includes(v as LayoutName);

export const PAGE_SIZES = [25, 50, 100, 250, 500] as const;

export function defaultView(fields: string[]): BrowserView {
  return {
    layout: 'tabular',
    options: {},
    fields,
    sort: [],
    filter: null,
    search: '',
    page: 1,
    limit: 100,
  };
}

/** A bookmark as a view (the tabular layout's query), defaults filling what it lacks. */
export function viewFromPreset(preset: Preset, fallback: BrowserView): BrowserView {
  const q = preset.layout_query?.tabular ?? {};
  return {
    layout: isLayout(preset.layout) ? preset.layout : fallback.layout,
    options: optionsOf(preset.layout_options) ?? fallback.options,
    fields: q.fields?.length ? q.fields : fallback.fields,
    sort: q.sort ?? [],
    filter: preset.filter,
    search: preset.search ?? '',
    page: 1,
    limit: q.limit ?? fallback.limit,
  };
}

/** The view as a preset body. */
export function presetFromView(view: BrowserView) {
  return {
    layout: view.layout,
    layout_query: { tabular: { fields: view.fields, sort: view.sort, limit: view.limit } },
    layout_options: Object.keys(view.options).length
      ? (view.options as Record<string, unknown>)
      : null,
    filter: view.filter,
    search: view.search || null,
  };
}

/** The URL parameters a view writes; `bookmark` and anything else are left alone. */
const VIEW_PARAMS = [
  'layout',
  'options',
  'fields',
  'sort',
  'filter',
  'search',
  'page',
  'limit',
] as const;

/** Whether the URL says which view to show (else the person's saved view may). */
export function hasViewParams(params: Pick<URLSearchParams, 'has'>): boolean {
  return VIEW_PARAMS.some((name) => params.has(name));
}

function parseObject(raw: string | null): Record<string, unknown> | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.length <= 500 ? v : undefined);

/**
 * Layout options from a URL or a preset, keeping only known keys with values of the right
 * kind: a hand-edited link can't put anything else into the view.
 */
export function optionsOf(raw: unknown): LayoutOptions | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { tabular, cards, calendar, kanban } = raw as Record<
    string,
    Record<string, unknown> | undefined
  >;
  const out: LayoutOptions = {};
  if (tabular && typeof tabular === 'object' && typeof tabular.widths === 'object') {
    const widths = Object.entries(tabular.widths ?? {})
      .filter(
        ([k, w]) => k.length <= 200 && Number.isInteger(w) && Number(w) >= 60 && Number(w) <= 800,
      )
      .slice(0, 100);
    out.tabular = { widths: Object.fromEntries(widths) as Record<string, number> };
  }
  if (cards && typeof cards === 'object') {
    out.cards = {
      imageSource: text(cards.imageSource),
      title: text(cards.title),
      subtitle: text(cards.subtitle),
    };
  }
  if (calendar && typeof calendar === 'object') {
    const mode = calendar.mode;
    const date = text(calendar.date);
    out.calendar = {
      startDateField: text(calendar.startDateField),
      mode: mode === 'month' || mode === 'week' || mode === 'day' ? mode : undefined,
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    };
  }
  if (kanban && typeof kanban === 'object') out.kanban = { groupField: text(kanban.groupField) };
  return JSON.parse(JSON.stringify(out)) as LayoutOptions;
}

function positive(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A view from the URL's parameters, `fallback` filling what they lack (or get wrong). */
export function viewFromSearch(params: URLSearchParams, fallback: BrowserView): BrowserView {
  const list = (name: string) => params.get(name)?.split(',').filter(Boolean);
  const limit = positive(params.get('limit'));
  const layout = params.get('layout');
  return {
    layout: isLayout(layout) ? layout : fallback.layout,
    options: optionsOf(parseObject(params.get('options'))) ?? fallback.options,
    fields: list('fields')?.length ? list('fields')! : fallback.fields,
    sort: list('sort') ?? fallback.sort,
    filter: parseObject(params.get('filter')) ?? fallback.filter,
    search: params.get('search') ?? fallback.search,
    page: positive(params.get('page')) ?? fallback.page,
    limit: limit && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : fallback.limit,
  };
}

/** `params` with the view written in: only what differs from `base`, so plain URLs stay short. */
export function searchWithView(
  params: URLSearchParams,
  view: BrowserView,
  base: BrowserView,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of VIEW_PARAMS) next.delete(name);
  if (view.layout !== base.layout) next.set('layout', view.layout);
  if (Object.keys(view.options).length) next.set('options', JSON.stringify(view.options));
  if (view.fields.join(',') !== base.fields.join(',')) next.set('fields', view.fields.join(','));
  if (view.sort.length) next.set('sort', view.sort.join(','));
  if (view.filter && Object.keys(view.filter).length) {
    next.set('filter', JSON.stringify(view.filter));
  }
  if (view.search) next.set('search', view.search);
  if (view.page !== 1) next.set('page', String(view.page));
  if (view.limit !== base.limit) next.set('limit', String(view.limit));
  return next;
}

/**
 * View state of the item browser; every change but paging itself goes back to page 1.
 * The view lives in the URL too (replaced, not pushed: paging adds no history entries), so
 * a reload, a shared link or Back from an item shows the same rows, columns and order.
 */
export function useBrowserView(initial: BrowserView, base: BrowserView) {
  const [view, setView] = useState(() =>
    typeof window === 'undefined'
      ? initial
      : viewFromSearch(new URLSearchParams(window.location.search), initial),
  );
  const baseRef = useRef(base);
  useEffect(() => {
    const current = new URLSearchParams(window.location.search);
    const next = searchWithView(current, view, baseRef.current).toString();
    if (next === current.toString()) return;
    const url = `${window.location.pathname}${next ? `?${next}` : ''}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }, [view]);
  const update = useCallback(
    (patch: Partial<BrowserView>) => setView((v) => ({ ...v, ...patch, page: patch.page ?? 1 })),
    [],
  );
  return { view, update, replace: setView };
}
