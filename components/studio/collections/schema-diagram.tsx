'use client';

import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { KeyRound, Link2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { Collection, Field, Relation } from '@/lib/client/collections/schema-types';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { erdModel, layoutErd, NODE_WIDTH, type ErdNodeData } from './erd-layout';

type ErdNode = Node<ErdNodeData, 'collection'>;

function CollectionNode({ data }: NodeProps<ErdNode>) {
  const t = useTranslations('Erd');
  return (
    <div
      className="overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm"
      style={{ width: NODE_WIDTH }}
    >
      <Handle type="target" position={Position.Left} className="!bg-primary" />
      <div className="border-b bg-accent px-3 py-2">
        <Link
          href={`/collections/${encodeURIComponent(data.collection)}`}
          className="font-mono text-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {data.collection}
        </Link>
      </div>
      <ul className="px-3 py-1">
        {data.fields.map((f) => (
          <li key={f.name} className="flex h-6 items-center gap-1.5 font-mono text-xs">
            {f.key && <KeyRound aria-label={t('primaryKey')} className="size-3 text-amber-600" />}
            {f.link && <Link2 aria-label={t('foreignKey')} className="size-3 text-primary" />}
            <span className="truncate">{f.name}</span>
            <span className="ml-auto text-muted-foreground">{f.type}</span>
          </li>
        ))}
        {data.more > 0 && (
          <li className="h-6 text-xs text-muted-foreground">{t('more', { count: data.more })}</li>
        )}
      </ul>
      <Handle type="source" position={Position.Right} className="!bg-primary" />
    </div>
  );
}

const nodeTypes = { collection: CollectionNode };

/** The schema diagram itself: heavy (xyflow + ELK), so only the diagram page loads it. */
export default function SchemaDiagram({
  collections,
  fields,
  relations,
}: {
  collections: Collection[];
  fields: Field[];
  relations: Relation[];
}) {
  const t = useTranslations('Erd');
  const router = useRouter();
  const model = useMemo(
    () => erdModel(collections, fields, relations),
    [collections, fields, relations],
  );
  const [graph, setGraph] = useState<{ nodes: ErdNode[]; edges: Edge[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    layoutErd(model)
      .then((g) => {
        if (!live) return;
        setGraph({
          nodes: g.nodes.map((n) => ({
            id: n.id,
            type: 'collection',
            position: n.position,
            data: n.data,
            ariaLabel: t('nodeLabel', { name: n.id }),
          })),
          edges: g.edges.map((e) => ({
            ...e,
            type: 'smoothstep',
            markerEnd: { type: MarkerType.ArrowClosed },
            labelBgPadding: [4, 2] as [number, number],
          })),
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [model, t]);

  if (failed) return <p role="alert">{t('layoutFailed')}</p>;
  if (!graph) return <p className="p-4 text-sm text-muted-foreground">{t('layingOut')}</p>;
  return (
    <ReactFlow
      nodes={graph.nodes}
      edges={graph.edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.1}
      nodesConnectable={false}
      onNodeClick={(_e, node) => router.push(`/collections/${encodeURIComponent(node.id)}`)}
      proOptions={{ hideAttribution: true }}
      aria-label={t('diagramLabel')}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
