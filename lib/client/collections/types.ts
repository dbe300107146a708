import type { CollectionResource } from '@/lib/schema/collections';

/** One collection as `GET /api/collections` answers it (its metadata, `meta`, may be null). */
export type Collection = CollectionResource;
