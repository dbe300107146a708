import type { RelationOverview } from '@/lib/schema/overview';

/**
 * One relation as `GET /api/relations` answers it: `collection.field` points at
 * `related_collection` (null for a many-to-any); `meta` holds the one-to-many side and the
 * junction settings.
 */
export type Relation = RelationOverview;
