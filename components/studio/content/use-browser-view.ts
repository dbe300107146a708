'use client';

import { useCallback, useState } from 'react';
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

/** View state of the item browser; every change but paging itself goes back to page 1. */
export function useBrowserView(initial: BrowserView) {
  const [view, setView] = useState(initial);
  const update = useCallback(
    (patch: Partial<BrowserView>) => setView((v) => ({ ...v, ...patch, page: patch.page ?? 1 })),
    [],
  );
  return { view, update, replace: setView };
}
