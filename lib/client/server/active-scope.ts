'use client';

import { useSyncExternalStore } from 'react';

const COOKIE = 'daas_resource_uri';

function read(): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(COOKIE.length + 1)) : null;
}

// Cookies have no change event; re-reading when the tab regains focus is enough here, and
// the scope switcher reloads the queries it affects anyway.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('focus', onChange);
  return () => window.removeEventListener('focus', onChange);
}

/**
 * The active scope as the server sees it (the `daas_resource_uri` cookie), for query keys:
 * the same list at another scope is other data.
 */
export function useActiveScope(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
