'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Preset } from '@/lib/client/presets/types';

/** What a saved view holds: everything that decides which rows show and how. */
export interface BrowserView {
  fields: string[];
  sort: string[];
  filter: Record<string, unknown> | null;
  search: string;
  page: number;
  limit: number;
}

export const PAGE_SIZES = [25, 50, 100, 250, 500] as const;

export function defaultView(fields: string[]): BrowserView {
  return { fields, sort: [], filter: null, search: '', page: 1, limit: 100 };
}

/** A bookmark as a view (the tabular layout's query), defaults filling what it lacks. */
export function viewFromPreset(preset: Preset, fallback: BrowserView): BrowserView {
  const q = preset.layout_query?.tabular ?? {};
  return {
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
    layout: 'tabular',
    layout_query: { tabular: { fields: view.fields, sort: view.sort, limit: view.limit } },
    filter: view.filter,
    search: view.search || null,
  };
}

/** The URL parameters a view writes; `bookmark` and anything else are left alone. */
const VIEW_PARAMS = ['fields', 'sort', 'filter', 'search', 'page', 'limit'] as const;

/** Whether the URL says which view to show (else the person's saved view may). */
export function hasViewParams(params: Pick<URLSearchParams, 'has'>): boolean {
  return VIEW_PARAMS.some((name) => params.has(name));
}

function parseFilter(raw: string | null): Record<string, unknown> | null | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function positive(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A view from the URL's parameters, `fallback` filling what they lack (or get wrong). */
export function viewFromSearch(params: URLSearchParams, fallback: BrowserView): BrowserView {
  const list = (name: string) => params.get(name)?.split(',').filter(Boolean);
  const limit = positive(params.get('limit'));
  return {
    fields: list('fields')?.length ? list('fields')! : fallback.fields,
    sort: list('sort') ?? fallback.sort,
    filter: parseFilter(params.get('filter')) ?? fallback.filter,
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
