'use client';

import { useSyncExternalStore } from 'react';
import { getActiveScope, subscribeScope } from './scope-store';

/** The active scope for query keys: a different scope is a different cache entry. */
export function useActiveScope(): string | null {
  return useSyncExternalStore(subscribeScope, getActiveScope, () => null);
}
