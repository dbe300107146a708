/**
 * The data-model shapes the studio works with, on top of the shared read types. The server
 * builds a collection's `meta` by spreading its daas_collections row (lib/schema/collections.ts
 * presentCollection), so `metaOf` can read it back with that row's types.
 */
import type { GroupedInterfaces, InterfaceDefinition } from '@/lib/schema/interfaces';
import type { CollectionMeta as MetaRow } from '@/lib/schema/overview';
import type { ReferentialAction } from '@/lib/schema/relation-ddl';
import type { Field } from '../fields/types';
import type { Relation } from '../relations/types';
import type { Collection } from './types';

export type {
  Collection,
  Field,
  GroupedInterfaces,
  InterfaceDefinition,
  ReferentialAction,
  Relation,
};

export interface CollectionIndex {
  name?: string;
  fields: string[];
  unique?: boolean;
}

export type CollectionMeta = Omit<MetaRow, 'indexes'> & { indexes: CollectionIndex[] };

/** A collection's metadata with its column types, or null when it has none. */
export function metaOf(collection: Pick<Collection, 'meta'>): CollectionMeta | null {
  return collection.meta as CollectionMeta | null;
}
