import 'server-only';
import { listenForNotices, onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

/** Listeners of every schema change, this process's own included (live subscriptions). */
const everyChange = new Set<() => void>();

/**
 * Tells every other worker and instance that the schema changed. Fire and forget: the change
 * is committed already.
 */
export function publishSchemaChange(): void {
  tellSiblings('schema');
  for (const listener of everyChange) listener();
}

/**
 * Calls `listener` whenever another process reports a schema change, and whenever notices
 * may have been missed (see `listenForNotices`).
 */
export function onSchemaChange(listener: () => void): void {
  onSiblingNotice('schema', () => listener());
  listenForNotices();
}

/** Like onSchemaChange, and also after this process's own schema changes. */
export function onAnySchemaChange(listener: () => void): void {
  everyChange.add(listener);
  onSchemaChange(listener);
}
