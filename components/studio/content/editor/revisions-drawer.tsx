'use client';

import { RotateCcw } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/studio/kit/confirm-dialog';
import { ErrorState } from '@/components/studio/kit/data-state';
import { Pagination } from '@/components/studio/kit/pagination';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldLabel } from '@/lib/client/fields/field-label';
import type { Item } from '@/lib/client/items/types';
import { REVISIONS_PAGE, useItemRevisionsQuery } from '@/lib/client/revisions/item-revisions-query';
import { useRevisionRevertMutation } from '@/lib/client/revisions/revert-mutation';
import type { Revision } from '@/lib/client/revisions/types';
import { cn } from '@/lib/cn';
import { m2oKey } from '../relations/related-model';
import type { EditorField } from './use-editor-schema';

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Field by field: what the revision recorded against what the item holds now. */
export function revisionDiff(
  fields: EditorField[],
  current: Item,
  revision: Revision,
  locale = 'en',
) {
  const data = revision.data ?? {};
  return fields
    .filter(
      (ef) => ef.field.schema !== null && !ef.field.schema.is_primary_key && ef.field.field in data,
    )
    .map((ef) => {
      const name = ef.field.field;
      const now = ef.rel?.kind === 'm2o' ? m2oKey(current[name], ef.relatedPk) : current[name];
      return { name, label: fieldLabel(ef.field, locale), now, then: data[name] };
    })
    .filter((d) => JSON.stringify(d.now ?? null) !== JSON.stringify(d.then ?? null));
}

/** The item's history for administrators: each revision, its changes, and a revert. */
export function RevisionsDrawer({
  open,
  onOpenChange,
  collection,
  itemKey,
  current,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  itemKey: string;
  current: Item;
  fields: EditorField[];
}) {
  const t = useTranslations('ItemEditor');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const revisions = useItemRevisionsQuery(collection, itemKey, page, open);
  // The confirmation shows a refusal itself; the failure toast gives only its title.
  const revert = useSave(useRevisionRevertMutation(collection, itemKey), {
    saved: t('reverted'),
    failed: t('saveFailed'),
    inline: true,
  });
  const chosen = revisions.data?.data.find((r) => r.id === selected) ?? revisions.data?.data[0];
  const locale = useLocale();
  const diff = chosen ? revisionDiff(fields, current, chosen, locale) : [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 right-0 left-auto flex h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 flex-col rounded-none sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('historyTitle')}</DialogTitle>
          <DialogDescription>{t('historyDescription')}</DialogDescription>
        </DialogHeader>
        {revisions.error && !revisions.data ? (
          <ErrorState
            error={revisions.error}
            onRetry={revisions.refetch}
            retrying={revisions.isFetching}
          />
        ) : !revisions.data ? (
          <Skeleton className="h-40 w-full" />
        ) : revisions.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noRevisions')}</p>
        ) : (
          <div className="flex min-h-0 flex-1 flex-col gap-4">
            <ol
              aria-label={t('revisions')}
              className="max-h-60 shrink-0 overflow-y-auto rounded-md border"
            >
              {revisions.data.data.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    aria-pressed={chosen?.id === r.id}
                    onClick={() => setSelected(r.id)}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 border-b px-3 py-2 text-left text-sm outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring',
                      chosen?.id === r.id && 'bg-accent',
                    )}
                  >
                    <span>
                      {r.activity?.timestamp
                        ? format.dateTime(new Date(r.activity.timestamp), {
                            dateStyle: 'medium',
                            timeStyle: 'medium',
                          })
                        : `#${r.id}`}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t.has(`action.${r.activity?.action}`)
                        ? t(`action.${r.activity?.action}`)
                        : r.activity?.action}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <Pagination
              page={page}
              pageSize={REVISIONS_PAGE}
              total={revisions.data.meta.total}
              totalEstimated={revisions.data.meta.total_estimated}
              onPageChange={setPage}
            />
            {chosen && (
              <section aria-label={t('changes')} className="flex min-h-0 flex-col gap-3">
                {diff.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('sameAsNow')}</p>
                ) : (
                  <div className="overflow-auto rounded-md border">
                    <table className="w-full text-sm">
                      <thead className="bg-muted/60 text-xs text-muted-foreground">
                        <tr>
                          <th scope="col" className="px-3 py-2 text-left font-medium">
                            {t('diffField')}
                          </th>
                          <th scope="col" className="px-3 py-2 text-left font-medium">
                            {t('diffNow')}
                          </th>
                          <th scope="col" className="px-3 py-2 text-left font-medium">
                            {t('diffThen')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {diff.map((d) => (
                          <tr key={d.name} className="border-t align-top">
                            <th
                              scope="row"
                              className="px-3 py-2 text-left text-xs font-normal"
                              title={d.name}
                            >
                              {d.label}
                            </th>
                            <td className="px-3 py-2 break-all text-destructive line-through decoration-destructive/50">
                              {show(d.now)}
                            </td>
                            <td className="px-3 py-2 break-all text-emerald-700 dark:text-emerald-400">
                              {show(d.then)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {diff.length > 0 && (
                  <ConfirmDialog
                    title={t('revertTitle')}
                    description={t('revertDescription', { count: diff.length })}
                    confirmLabel={t('revert')}
                    destructive={false}
                    onConfirm={() =>
                      revert
                        .mutateAsync(Object.fromEntries(diff.map((d) => [d.name, d.then])))
                        .then(() => onOpenChange(false))
                    }
                    trigger={
                      <Button type="button" variant="outline" size="sm" className="self-start">
                        <RotateCcw aria-hidden />
                        {t('revert')}
                      </Button>
                    }
                  />
                )}
              </section>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
