'use client';

import { ChevronDown, Link2, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { moveItem } from '@/lib/client/fields/field-order';
import { displayItem } from '@/lib/client/items/display-template';
import { useItemDisplaysQuery } from '@/lib/client/items/item-displays-query';
import { useItemsQuery } from '@/lib/client/items/items-query';
import type { ManyToAny } from '@/lib/client/items/many-to-any';
import type { Item, ItemKey } from '@/lib/client/items/types';
import { can, canField } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { ErrorState } from '../../kit/data-state';
import { useDragReorder } from '../../kit/reorder';
import { BlockRow } from './block-row';
import {
  blocksFromRows,
  blocksWrite,
  isRemoved,
  type Block,
  type BlocksDraft,
} from './blocks-model';
import { CreateRelatedDialog } from './create-related-dialog';
import { ItemPicker } from './item-picker';
import { isStagedWrite, type StagedWrite } from './staged-write';

/** Blocks read for one item; a page builder's list stays far below this. */
const MAX_BLOCKS = 500;

/**
 * A many-to-any field as a builder list: the item's blocks in order, each with its
 * collection and how it shows; new blocks of any allowed collection are filled in a dialog
 * or picked from existing items; removing and reordering (buttons or drag) are staged and
 * saved with the item as one nested write.
 */
export function BlocksInput({
  label,
  rel,
  parentKey,
  junctionPk,
  value,
  onChange,
  disabled,
}: {
  label: string;
  rel: ManyToAny;
  parentKey: ItemKey | null;
  junctionPk: string;
  value: unknown;
  onChange: (v: StagedWrite<BlocksDraft>) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('BlocksInput');
  const permissions = usePermissionsMeQuery().data;
  const displays = useItemDisplaysQuery(rel.allowed);
  const readable = rel.allowed.filter((c) => can(permissions, c, 'read'));
  const creatable = rel.allowed.filter((c) => can(permissions, c, 'create'));
  const nested = readable.flatMap((c) =>
    (displays.byCollection[c]?.fields ?? [])
      .filter((f) => canField(permissions, c, 'read', f.split('.')[0]))
      .map((f) => `${rel.itemField}:${c}.${f}`),
  );
  const sort = rel.sortField ? [rel.sortField] : [];
  const stored = useItemsQuery(
    rel.junction,
    {
      fields: [junctionPk, rel.collectionField, rel.itemField, ...sort, ...nested],
      sort: [...sort, junctionPk],
      filter: { [rel.parentField]: { _eq: parentKey } },
      search: '',
      page: 1,
      limit: MAX_BLOCKS,
    },
    parentKey !== null && !displays.isLoading,
  );
  const [adding, setAdding] = useState<{ collection: string; how: 'create' | 'link' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const pkOf = (c: string) => displays.byCollection[c]?.primaryKey ?? 'id';
  const draft: BlocksDraft = isStagedWrite(value)
    ? (value.staged as BlocksDraft)
    : { blocks: blocksFromRows(rel, junctionPk, stored.data?.data ?? [], pkOf), removed: [] };
  const blocks = draft.blocks;
  const sortable = rel.sortField !== null && !disabled && blocks.length > 1;

  const change = (next: BlocksDraft) =>
    onChange({ staged: next, write: blocksWrite(rel, junctionPk, next) });
  const nameOf = (b: Block) => {
    const display = displays.byCollection[b.collection];
    const shown = display && Object.keys(b.item).length ? displayItem(display, b.item) : '';
    return shown || (b.itemKey !== null ? `#${String(b.itemKey)}` : t('newBlock'));
  };
  function move(from: number, to: number) {
    if (to < 0 || to >= blocks.length || from === to) return;
    change({ ...draft, blocks: moveItem(blocks, from, to) });
    const block = t('blockName', {
      collection: blocks[from].collection,
      name: nameOf(blocks[from]),
    });
    setAnnouncement(t('moved', { block, position: to + 1, total: blocks.length }));
  }
  const drag = useDragReorder(move, sortable);
  const add = (collection: string, input: { values: Item } | { key: ItemKey; item: Item }) => {
    const block: Block = {
      id: `new-${blocks.length}-${Date.now()}`,
      junctionKey: null,
      collection,
      itemKey: 'key' in input ? input.key : null,
      values: 'values' in input ? input.values : null,
      item: 'values' in input ? input.values : input.item,
      sort: null,
    };
    change({ ...draft, blocks: [...blocks, block] });
  };
  const remove = (b: Block) =>
    b.junctionKey === null
      ? change({ ...draft, blocks: blocks.filter((x) => x.id !== b.id) })
      : change({ ...draft, removed: [...draft.removed, b.junctionKey] });
  const undo = (b: Block) =>
    change({ ...draft, removed: draft.removed.filter((k) => String(k) !== String(b.junctionKey)) });

  const loading =
    displays.isLoading || (parentKey !== null && !stored.data && !isStagedWrite(value));
  const linked = (c: string) =>
    blocks.filter((b) => b.collection === c && b.itemKey !== null).map((b) => b.itemKey!);

  return (
    <div className="flex flex-col gap-2">
      {sortable && <p className="text-xs text-muted-foreground">{t('reorderHint')}</p>}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {stored.error && !stored.data && (
        <ErrorState error={stored.error} onRetry={stored.refetch} retrying={stored.isFetching} />
      )}
      <ul
        aria-label={label}
        aria-busy={loading}
        className="flex flex-col divide-y rounded-md border bg-card text-sm"
      >
        {loading &&
          Array.from({ length: 2 }, (_, i) => (
            <li key={`loading-${i}`} className="px-3 py-2" aria-hidden>
              <Skeleton className="h-5 w-1/2" />
            </li>
          ))}
        {!loading && blocks.length === 0 && (
          <li className="px-3 py-2 text-muted-foreground">{t('empty')}</li>
        )}
        {!loading &&
          blocks.map((b, index) => (
            <BlockRow
              key={b.id}
              collection={b.collection}
              name={nameOf(b)}
              itemKey={b.itemKey === null ? null : String(b.itemKey)}
              state={
                b.junctionKey === null
                  ? b.values
                    ? 'create'
                    : 'link'
                  : isRemoved(draft, b)
                    ? 'removed'
                    : 'stored'
              }
              editable={!disabled}
              reorder={
                sortable
                  ? {
                      index,
                      total: blocks.length,
                      dragging: drag.dragged === index,
                      dragProps: drag.rowProps(index),
                      onMove: move,
                    }
                  : null
              }
              onRemove={() => remove(b)}
              onUndo={() => undo(b)}
            />
          ))}
      </ul>
      {!disabled && (
        <div className="flex flex-wrap gap-2">
          <AddMenu
            label={t('addBlock')}
            icon={<Plus aria-hidden />}
            collections={creatable}
            onPick={(collection) => setAdding({ collection, how: 'create' })}
          />
          <AddMenu
            label={t('linkBlock')}
            icon={<Link2 aria-hidden />}
            collections={readable}
            onPick={(collection) => setAdding({ collection, how: 'link' })}
          />
        </div>
      )}
      <CreateRelatedDialog
        key={adding?.collection ?? ''}
        collection={adding?.how === 'create' ? adding.collection : ''}
        open={adding?.how === 'create'}
        onOpenChange={(open) => !open && setAdding(null)}
        omit={[]}
        onCreate={(values) => adding && add(adding.collection, { values })}
      />
      <ItemPicker
        collection={adding?.how === 'link' ? adding.collection : ''}
        open={adding?.how === 'link'}
        onOpenChange={(open) => !open && setAdding(null)}
        exclude={adding ? linked(adding.collection) : []}
        extraFields={adding ? (displays.byCollection[adding.collection]?.fields ?? []) : []}
        onPick={(key, item) => adding && add(adding.collection, { key, item })}
      />
    </div>
  );
}

/** A button opening the list of collections a block may come from. */
function AddMenu({
  label,
  icon,
  collections,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  collections: string[];
  onPick: (collection: string) => void;
}) {
  if (collections.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {icon}
          {label}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {collections.map((c) => (
          <DropdownMenuItem key={c} onSelect={() => onPick(c)} className="font-mono">
            {c}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
