'use client';

import { ListPlus, Rows3 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { Collection, Field } from '@/lib/client/collections/schema-types';
import { moveItem, orderedFields } from '@/lib/client/fields/field-order';
import { useFieldSortMutation } from '@/lib/client/fields/field-sort-mutation';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { useGroupedInterfacesQuery } from '@/lib/client/interfaces/interfaces-query';
import { useRelationsQuery } from '@/lib/client/relations/relations-query';
import { EmptyState } from '../kit/empty-state';
import { useDragReorder } from '../kit/reorder';
import { DeleteFieldDialog } from './delete-field-dialog';
import { FieldDialog } from './field-dialog';
import { FieldRow } from './field-row';
import { QueryError } from './query-error';
import { useSchemaSave } from './use-schema-save';
import { useInterfaceName } from './interface-name';

export function FieldsPanel({
  collection,
  collections,
}: {
  collection: Collection;
  collections: Collection[];
}) {
  const t = useTranslations('FieldEditor');
  const name = collection.collection;
  const fields = useFieldsQuery(name);
  const relations = useRelationsQuery();
  const interfaces = useGroupedInterfacesQuery();
  const interfaceName = useInterfaceName();
  const interfaceNames = useMemo(
    () => new Map((interfaces.data?.interfaces ?? []).map((i) => [i.id, interfaceName(i)])),
    [interfaces.data, interfaceName],
  );
  const sort = useSchemaSave(useFieldSortMutation(), (v) => ({
    key: 'fieldsReordered',
    name: v.collection,
  }));
  const [pending, setPending] = useState<Field[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Field | null>(null);
  const [deleting, setDeleting] = useState<Field | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const editable = !collection.system && collection.type !== 'view';

  const server = useMemo(() => orderedFields(fields.data ?? []), [fields.data]);
  // While a new order is being saved it is shown as is, so the rows don't jump back.
  const order = pending ?? server;

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return;
    const next = moveItem(order, from, to);
    setPending(next);
    setAnnouncement(
      t('moved', { field: order[from].field, position: to + 1, total: order.length }),
    );
    sort.mutate({ collection: name, order: next }, { onSettled: () => setPending(null) });
  }
  const drag = useDragReorder(move, editable);

  if (fields.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (fields.isError) return <QueryError error={fields.error} onRetry={() => fields.refetch()} />;

  return (
    <section aria-labelledby="fields-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="fields-heading" className="text-base font-semibold">
            {t('heading')}
          </h2>
          {editable && <p className="text-xs text-muted-foreground">{t('reorderHint')}</p>}
        </div>
        {editable && (
          <Button onClick={() => setAdding(true)}>
            <ListPlus aria-hidden />
            {t('add')}
          </Button>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {order.length === 0 ? (
        <EmptyState icon={Rows3} title={t('emptyTitle')}>
          {t('emptyBody')}
        </EmptyState>
      ) : (
        <ol
          className="flex flex-col divide-y rounded-xl border bg-card"
          aria-label={t('listLabel')}
        >
          {order.map((field, index) => (
            <FieldRow
              key={field.field}
              field={field}
              index={index}
              total={order.length}
              relations={relations.data ?? []}
              interfaceNames={interfaceNames}
              editable={editable}
              busy={sort.isPending}
              dragging={drag.dragged === index}
              dragProps={drag.rowProps(index)}
              onMove={move}
              onEdit={() => setEditing(field)}
              onDelete={() => setDeleting(field)}
            />
          ))}
        </ol>
      )}
      {editable && (
        <FieldDialog
          open={adding || editing !== null}
          onOpenChange={(open) => {
            if (!open) {
              setAdding(false);
              setEditing(null);
            }
          }}
          collection={collection}
          collections={collections}
          fields={order}
          relations={relations.data ?? []}
          editing={editing}
        />
      )}
      {deleting && (
        <DeleteFieldDialog
          collection={name}
          field={deleting.field}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
