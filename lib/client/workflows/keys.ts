import { scopeKey } from '../scope-key';

/** Query keys for workflows: definitions and assignments, and one item's workflow state. */
export const workflowKeys = {
  root: ['workflows'] as const,
  all: (scope?: string | null) => [...workflowKeys.root, scopeKey(scope)] as const,
  definitions: (scope?: string | null) => [...workflowKeys.all(scope), 'definitions'] as const,
  assignments: (scope?: string | null) => [...workflowKeys.all(scope), 'assignments'] as const,
  item: (collection: string, item: string, scope?: string | null) =>
    [...workflowKeys.all(scope), 'item', collection, item] as const,
};
