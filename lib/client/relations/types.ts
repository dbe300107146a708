import type { RelationOverview } from '@/lib/schema/overview';

/**
 * One relation as `GET /api/relations` answers it: `collection.field` points at
 * `related_collection` (null for a many-to-any); `meta` holds the one-to-many side and the
 * junction settings.
 */
export type Relation = RelationOverview;

/** One request of a relation's setup, planned by the studio's relation form. */
export interface SetupStep {
  kind: 'collection' | 'field' | 'relation' | 'alias' | 'items';
  /** What the step makes, for the progress list: `collection`, `collection.field`. */
  target: string;
  method: 'POST' | 'PATCH';
  path: string;
  /** A list for a step that adds several items at once. */
  body: Record<string, unknown> | Record<string, unknown>[];
}
