import 'server-only';
import { listenForNotices, onSiblingNotice, tellSiblings } from '@/lib/sibling-bus';

/**
 * Tells every other worker and instance that the schema changed. Fire and forget: the change
 * is committed already.
 */
export function publishSchemaChange(): void {
  tellSiblings('schema');
}

/**
 * Calls `listener` whenever another process reports a schema change, and whenever notices
 * may have been missed (see `listenForNotices`).
 */
export function onSchemaChange(listener: () => void): void {
  onSiblingNotice('schema', () => listener());
  listenForNotices();
}
