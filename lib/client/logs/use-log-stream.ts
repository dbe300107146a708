'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../fetcher';
import type { LogEntry, LogLevelName } from './types';

export type StreamState = 'connecting' | 'open' | 'error';

/** Entries kept in view; older ones drop off so a busy server cannot grow the page forever. */
const MAX_ENTRIES = 500;
/** Recent entries the tail starts with, from the server's buffer. */
const BACKFILL = 100;

/** An entry with its arrival number, a stable key and what "newer than" is measured by. */
export interface TailEntry {
  seq: number;
  entry: LogEntry;
}

interface Tail {
  level: LogLevelName;
  state: StreamState;
  items: TailEntry[];
}

/**
 * A live tail of `/api/logs/stream` (server-sent events, cookies sent as for any same-origin
 * request), starting with the recent entries the server kept. Pausing freezes the view
 * while entries keep arriving; resuming shows them. EventSource reconnects by itself.
 */
export function useLogStream(level: LogLevelName) {
  const [tail, setTail] = useState<Tail>({ level, state: 'connecting', items: [] });
  const [frozen, setFrozen] = useState<TailEntry[] | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const wrap = (entry: LogEntry): TailEntry => ({ seq: ++seq.current, entry });
    // Every update names its level: anything left from the previous level is dropped.
    const update = (change: (items: TailEntry[]) => TailEntry[], state?: StreamState) =>
      setTail((prev) => {
        const base =
          prev.level === level ? prev : { level, state: 'connecting' as const, items: [] };
        return { level, state: state ?? base.state, items: change(base.items).slice(-MAX_ENTRIES) };
      });

    const source = new EventSource(`/api/logs/stream?level=${level}`, { withCredentials: true });
    source.onopen = () => {
      update((items) => items, 'open');
      apiFetch<{ data: LogEntry[] }>(`/api/logs?level=${level}&limit=${BACKFILL}`)
        .then(({ data }) =>
          update((items) => {
            const first = items[0]?.entry.time ?? Infinity;
            const older = data.filter((e) => e.time < first).map(wrap);
            return [...older, ...items];
          }),
        )
        .catch(() => undefined);
    };
    source.onerror = () =>
      update((items) => items, source.readyState === EventSource.CLOSED ? 'error' : 'connecting');
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        const entry = JSON.parse(event.data) as LogEntry;
        update((items) => [...items, wrap(entry)]);
      } catch {
        // Not an entry (comments never reach here; anything else is ignored).
      }
    };
    return () => source.close();
  }, [level]);

  const current = tail.level === level ? tail : { state: 'connecting' as const, items: [] };
  const lastShown = frozen?.at(-1)?.seq ?? 0;
  return {
    entries: frozen ?? current.items,
    state: current.state,
    paused: frozen !== null,
    heldCount: frozen ? current.items.filter((i) => i.seq > lastShown).length : 0,
    pause: () => setFrozen(current.items),
    resume: () => setFrozen(null),
    clearView: () => {
      setTail((prev) => ({ ...prev, items: [] }));
      setFrozen((prev) => (prev ? [] : null));
    },
  };
}
