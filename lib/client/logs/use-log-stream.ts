'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../fetcher';
import type { LogEntry, LogLevelName } from './types';

export type StreamState = 'connecting' | 'open' | 'error';

/** Entries kept in view; older ones drop off so a busy server cannot grow the page forever. */
const MAX_ENTRIES = 500;
const BACKFILL = 100;

/**
 * A live tail of `/api/logs/stream` (server-sent events, cookies sent as for any same-origin
 * request). While `paused`, new entries are counted but not shown; resuming shows them.
 * EventSource reconnects by itself after a dropped connection.
 */
export function useLogStream(level: LogLevelName, paused: boolean) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [state, setState] = useState<StreamState>('connecting');
  const [held, setHeld] = useState<LogEntry[]>([]);
  const pausedRef = useRef(paused);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && held.length) {
      setEntries((prev) => [...prev, ...held].slice(-MAX_ENTRIES));
      setHeld([]);
    }
  }, [paused, held]);

  useEffect(() => {
    setState('connecting');
    setEntries([]);
    setHeld([]);
    const source = new EventSource(`/api/logs/stream?level=${level}`, { withCredentials: true });
    // The tail starts with the recent entries the server kept, older than anything streamed.
    source.onopen = () => {
      setState('open');
      apiFetch<{ data: LogEntry[] }>(`/api/logs?level=${level}&limit=${BACKFILL}`)
        .then(({ data }) =>
          setEntries((prev) => {
            const first = prev[0]?.time ?? Infinity;
            return [...data.filter((e) => e.time < first), ...prev].slice(-MAX_ENTRIES);
          }),
        )
        .catch(() => undefined);
    };
    source.onerror = () =>
      setState(source.readyState === EventSource.CLOSED ? 'error' : 'connecting');
    source.onmessage = (event: MessageEvent<string>) => {
      let entry: LogEntry;
      try {
        entry = JSON.parse(event.data) as LogEntry;
      } catch {
        return;
      }
      const add = (prev: LogEntry[]) => [...prev, entry].slice(-MAX_ENTRIES);
      if (pausedRef.current) setHeld(add);
      else setEntries(add);
    };
    return () => source.close();
  }, [level]);

  return {
    entries,
    state,
    heldCount: held.length,
    clearView: () => {
      setEntries([]);
      setHeld([]);
    },
  };
}
