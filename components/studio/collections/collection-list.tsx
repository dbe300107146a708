'use client';

import { ArrowUpRight, Folder, Table2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { isFolder, type CollectionNode } from '@/lib/client/collections/collection-tree';
import { metaOf } from '@/lib/client/collections/schema-types';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';

/** The collection tree: folders hold their collections, one row per collection. */
export function CollectionList({ nodes, depth = 0 }: { nodes: CollectionNode[]; depth?: number }) {
  return (
    <ul
      className={cn(
        'flex flex-col divide-y',
        depth === 0 ? 'rounded-xl border bg-card' : 'border-t',
      )}
    >
      {nodes.map((node) => (
        <li key={node.collection.collection}>
          <CollectionRow node={node} depth={depth} />
          {node.children.length > 0 && <CollectionList nodes={node.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function CollectionRow({ node, depth }: { node: CollectionNode; depth: number }) {
  const t = useTranslations('Collections');
  const c = node.collection;
  const meta = metaOf(c);
  const folder = isFolder(c);
  const Icon = folder ? Folder : Table2;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
      style={{ paddingInlineStart: `${1 + depth * 1.5}rem` }}
    >
      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          href={`/collections/${encodeURIComponent(c.collection)}`}
          className="w-fit truncate font-mono text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {c.collection}
        </Link>
        {meta?.note && <span className="truncate text-xs text-muted-foreground">{meta.note}</span>}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {folder && <Badge variant="secondary">{t('badgeFolder')}</Badge>}
        {c.system && <Badge variant="outline">{t('badgeSystem')}</Badge>}
        {c.type === 'view' && <Badge variant="outline">{t('badgeView')}</Badge>}
        {meta?.hidden && <Badge variant="outline">{t('badgeHidden')}</Badge>}
        {meta?.singleton && <Badge variant="outline">{t('badgeSingleton')}</Badge>}
      </div>
      {!folder && (
        <Link
          href={`/content/${encodeURIComponent(c.collection)}`}
          className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('browseItems')}
          <span className="sr-only">: {c.collection}</span>
          <ArrowUpRight aria-hidden className="size-3.5" />
        </Link>
      )}
    </div>
  );
}
