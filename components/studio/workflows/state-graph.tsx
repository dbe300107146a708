'use client';

import { Background, Position, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { WorkflowDefinition } from '@/lib/client/workflows/types';

const COLUMN = 250;
const ROW = 70;

/**
 * The states of a workflow as a graph, laid out in columns by their distance from the
 * initial state, with one arrow per command and source state. Read-only.
 */
export default function StateGraph({
  definition,
  label,
}: {
  definition: WorkflowDefinition;
  label: string;
}) {
  const { states, commands } = definition;
  const start = states.find((s) => s.initial) ?? states[0];
  const depth = new Map<string, number>();
  if (start) depth.set(start.key, 0);
  const queue = start ? [start.key] : [];
  while (queue.length) {
    const key = queue.shift()!;
    for (const c of commands.filter((c) => c.from.includes(key))) {
      if (!depth.has(c.to)) {
        depth.set(c.to, depth.get(key)! + 1);
        queue.push(c.to);
      }
    }
  }
  const perColumn = new Map<number, number>();
  const nodes: Node[] = states.map((s) => {
    const column = depth.get(s.key) ?? Math.max(-1, ...depth.values()) + 1;
    const row = perColumn.get(column) ?? 0;
    perColumn.set(column, row + 1);
    return {
      id: s.key,
      position: { x: column * COLUMN, y: row * ROW },
      data: { label: s.name },
      draggable: false,
      connectable: false,
      sourcePosition: Position.Right,
      targetPosition: Position.Left,
      style: s.initial ? { borderWidth: 2 } : undefined,
    };
  });
  const edges: Edge[] = commands.flatMap((c) =>
    c.from.map((from) => ({
      id: `${c.key}:${from}`,
      source: from,
      target: c.to,
      label: c.name,
      markerEnd: { type: 'arrowclosed' as const },
    })),
  );
  const rows = Math.max(1, ...perColumn.values());
  return (
    <figure
      aria-label={label}
      className="w-full rounded-md border"
      style={{ height: 80 + rows * ROW }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        panOnScroll={false}
        preventScrolling={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={16} />
      </ReactFlow>
    </figure>
  );
}
