import type { FieldOverview } from '@/lib/schema/overview';
import type { Filter } from '../query';
import type { AnyRelation, Hop, M2OHop } from '../relations-path';
import type { NodeAccess } from './read-access';

/**
 * The read plan: what one read returns, resolved against the schema and the caller's
 * policy, before any SQL. Every node (the root and each relation) carries its own
 * collection, selections, filter, search, sort and window.
 */
export type Selection =
  | { kind: 'column'; key: string; field: FieldOverview }
  | { kind: 'function'; key: string; expr: string }
  /** A relation with sub-fields: an object (m2o) or an array of objects (o2m, m2m). */
  | { kind: 'relation'; key: string; hop: Hop; node: PlanNode }
  /** An x-to-many field named alone: the related primary keys, as Directus returns them. */
  | { kind: 'keys'; key: string; hop: Hop; node: PlanNode }
  /** A many-to-any field: per row, the item of the collection it names. */
  | AnySelection;

export interface PlanNode {
  collection: string;
  primary: string;
  access: NodeAccess;
  selections: Selection[];
  filter: Filter | null;
  search: string | null;
  sort: string[] | null;
  /** -1 = all; null for the root (pagination is the service's) and for m2o nodes. */
  limit: number | null;
  offset: number | null;
  depth: number;
}

export interface AnyTargetNode {
  collection: string;
  hop: M2OHop;
  node: PlanNode;
}

/** A many-to-any field read per collection: `item:headings.*,item:images.id`. */
export type AnySelection = {
  kind: 'any';
  key: string;
  field: FieldOverview;
  any: AnyRelation;
  targets: AnyTargetNode[];
};
