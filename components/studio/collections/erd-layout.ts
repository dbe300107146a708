import ELK from 'elkjs/lib/elk.bundled.js';
import type { Collection, Field, Relation } from '@/lib/client/collections/schema-types';
import { orderedFields } from '@/lib/client/fields/field-order';

export const NODE_WIDTH = 240;
const HEADER = 40;
const ROW = 24;
export const MAX_ROWS = 10;

export interface ErdNodeData extends Record<string, unknown> {
  collection: string;
  fields: { name: string; type: string; key: boolean; link: boolean }[];
  more: number;
  system: boolean;
}

export interface ErdGraph {
  nodes: { id: string; position: { x: number; y: number }; data: ErdNodeData; height: number }[];
  edges: { id: string; source: string; target: string; label: string }[];
}

/**
 * The collections worth drawing: the user's tables plus any system table a relation points
 * at (users, files), and one edge per relation from its many side to its one side.
 */
export function erdModel(collections: Collection[], fields: Field[], relations: Relation[]) {
  const system = new Set(collections.filter((c) => c.system).map((c) => c.collection));
  // The service's own tables relate to each other a lot; only those the user's collections
  // point at are drawn, and only the user's relations.
  const userRelations = relations.filter((r) => r.related_collection && !system.has(r.collection));
  const linked = new Set(userRelations.map((r) => r.related_collection!));
  const shown = collections.filter(
    (c) => c.schema !== null && (!c.system || linked.has(c.collection)),
  );
  const names = new Set(shown.map((c) => c.collection));
  const byCollection = new Map<string, Field[]>();
  for (const f of fields)
    byCollection.set(f.collection, [...(byCollection.get(f.collection) ?? []), f]);
  const nodes = shown.map((c) => {
    const own = orderedFields(byCollection.get(c.collection) ?? []).filter((f) => f.schema);
    const rows = own.slice(0, MAX_ROWS).map((f) => ({
      name: f.field,
      type: f.type,
      key: f.schema?.is_primary_key ?? false,
      link: relations.some((r) => r.collection === c.collection && r.field === f.field),
    }));
    const data: ErdNodeData = {
      collection: c.collection,
      fields: rows,
      more: Math.max(0, own.length - rows.length),
      system: c.system,
    };
    return {
      id: c.collection,
      data,
      height: HEADER + ROW * (rows.length + (data.more ? 1 : 0)) + 8,
    };
  });
  const edges = userRelations
    .filter((r) => names.has(r.collection) && names.has(r.related_collection!))
    .map((r) => ({
      id: `${r.collection}.${r.field}`,
      source: r.collection,
      target: r.related_collection!,
      label: r.field,
    }));
  return { nodes, edges };
}

const elk = new ELK();

/** Positions from ELK's layered algorithm, left to right along the foreign keys. */
export async function layoutErd(model: ReturnType<typeof erdModel>): Promise<ErdGraph> {
  const result = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '80',
      'elk.spacing.componentComponent': '60',
    },
    children: model.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: n.height })),
    edges: model.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  });
  const at = new Map((result.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
  return {
    nodes: model.nodes.map((n) => ({ ...n, position: at.get(n.id) ?? { x: 0, y: 0 } })),
    edges: model.edges,
  };
}
