'use client';

import { useEffect, useRef } from 'react';
import type { Preset } from '@/lib/client/presets/types';
import { useUserPresetSaveMutation } from '@/lib/client/presets/user-preset-save-mutation';
import { optionsOf, presetFromView, type BrowserView } from './use-browser-view';

const SAVE_DELAY_MS = 600;

type Body = ReturnType<typeof presetFromView>;

/**
 * Keeps the caller's own preset of the collection in step with the view they are looking
 * at (Directus's per-user view), so opening the collection again without view parameters
 * shows the same columns, sort, filter and search. Saves after a pause in changes, one
 * request at a time, at once when the browser is left for another page or the tab is
 * hidden, and nothing while a bookmark is open or the view is untouched.
 */
export function useSavedView({
  collection,
  userId,
  preset,
  view,
  base,
  enabled,
}: {
  collection: string;
  userId: string | null;
  /** The user's preset as read when the page opened (null: none yet). */
  preset: Preset | null;
  view: BrowserView;
  /** The default view: not worth a preset while nothing differs from it. */
  base: BrowserView;
  enabled: boolean;
}) {
  const save = useUserPresetSaveMutation(collection, userId);
  const initial = JSON.stringify(preset ? presetBody(preset) : presetFromView(base));
  const id = useRef<number | null>(preset?.id ?? null);
  const saved = useRef<string>(initial);
  // The newest view not yet written, if any.
  const pending = useRef<{ text: string; body: Body } | null>(null);
  const running = useRef<Promise<unknown> | null>(null);
  const flush = useRef<() => void>(() => undefined);

  // Read after the page opened (a view from the URL doesn't wait for it): update, not add.
  useEffect(() => {
    if (!preset || id.current !== null) return;
    id.current = preset.id;
    // The same view as the preset already holds is not written again.
    saved.current = JSON.stringify(presetBody(preset));
  }, [preset]);

  useEffect(() => {
    flush.current = () => {
      const run = async () => {
        // Another save may be on its way: wait, then write only the newest view.
        while (running.current) await running.current.catch(() => undefined);
        const next = pending.current;
        if (!next || next.text === saved.current) return;
        pending.current = null;
        // keepalive: a save started as the page goes away still reaches the server.
        const request = save(id.current, next.body, true);
        running.current = request;
        try {
          const result = await request;
          id.current = result.id;
          saved.current = next.text;
        } finally {
          running.current = null;
        }
      };
      // A view that fails to save is still the view on screen: nothing to tell the person.
      run().catch(() => undefined);
    };
  }, [save]);

  useEffect(() => {
    if (!enabled || userId === null) return;
    const body = presetFromView(view);
    const text = JSON.stringify(body);
    pending.current = text === saved.current ? null : { text, body };
    if (!pending.current) return;
    const timer = setTimeout(() => flush.current(), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, enabled, userId]);

  // Leaving the browser (another page of the studio, or the tab) writes what is pending.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush.current();
    };
    const onPageHide = () => flush.current();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      flush.current();
    };
  }, []);
}

/** The part of a preset a view writes, to compare with what a view would write now. */
function presetBody(preset: Preset) {
  const q = preset.layout_query?.tabular ?? {};
  return {
    layout: preset.layout ?? 'tabular',
    layout_query: { tabular: { fields: q.fields ?? [], sort: q.sort ?? [], limit: q.limit } },
    layout_options: optionsOf(preset.layout_options) ?? null,
    filter: preset.filter,
    search: preset.search,
  };
}
