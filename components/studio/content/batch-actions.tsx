'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/studio/kit/confirm-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  useItemsBatchRunMutation,
  type BatchAction,
  type BatchProgress,
  type BatchTarget,
} from '@/lib/client/items/items-batch-run';
import { relationalOf } from '@/lib/client/items/relational';
import { useServerInfoQuery } from '@/lib/client/server/info-query';
import { BatchEditDialog } from './batch-edit-dialog';
import { fillable } from './relations/create-related-dialog';
import type { CollectionSchema } from './use-collection-schema';

/** Used when the server does not say (its default MAX_BATCH_MUTATION). */
const FALLBACK_CHUNK = 100;

export interface BatchSelection {
  target: BatchTarget;
  /** Items selected; for "all matching" the list's total, null when unknown. */
  count: number | null;
  /** The count is the database's estimate. */
  estimated: boolean;
}

function ProgressBar({ progress, label }: { progress: BatchProgress; label: string }) {
  const { done, total } = progress;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total ?? undefined}
      aria-valuenow={total === null ? undefined : done}
      className="h-2 w-full overflow-hidden rounded-full bg-muted sm:w-48"
    >
      <div
        className="h-full bg-primary transition-[width]"
        style={{ width: total ? `${(done / total) * 100}%` : '0%' }}
      />
    </div>
  );
}

/**
 * What a selection allows: set fields on every selected item, or delete them all, in
 * requests within the server's batch cap, with progress; "select all matching" reaches
 * beyond the page.
 */
export function BatchActions({
  schema,
  selection,
  selectAllMatching,
  onDone,
}: {
  schema: CollectionSchema;
  selection: BatchSelection;
  /** Offered when the whole page is selected and more rows match: N rows in all, or null. */
  selectAllMatching: { total: number; estimated: boolean; onSelect: () => void } | null;
  onDone: () => void;
}) {
  const t = useTranslations('ItemBrowser');
  const format = useFormatter();
  const info = useServerInfoQuery();
  const run = useSave(useItemsBatchRunMutation(schema.collection), {
    saved: (vars, done) =>
      t(vars.action.kind === 'update' ? 'batchUpdated' : 'batchDeleted', { count: done }),
    failed: t('batchFailed'),
  });
  const [editing, setEditing] = useState(false);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const { count, estimated, target } = selection;
  const all = target.kind === 'matching';
  const n = count === null ? '?' : format.number(count);
  // Plain fields only: a relation picked for many items at once is a job for the editor.
  const editable = fillable(schema.fields).filter(
    (f) =>
      !f.schema?.is_primary_key &&
      schema.fieldAllowed('update', f.field) &&
      relationalOf(schema.relations, schema.collection, f.field) === null,
  );
  const limits = info.data?.limits;
  const pageSize = limits && limits.query_limit_max > 0 ? limits.query_limit_max : 1000;

  const start = (action: BatchAction) =>
    run
      .mutateAsync({
        primaryKey: schema.primaryKey,
        target,
        action,
        chunkSize: limits?.max_batch_mutation ?? FALLBACK_CHUNK,
        pageSize: Math.min(pageSize, 1000),
        onProgress: setProgress,
      })
      .then(onDone)
      .finally(() => setProgress(null));

  const scopeText = all
    ? t(estimated ? 'allMatchingEstimated' : 'allMatching', { count: count ?? 0, formatted: n })
    : t('selected', { count: count ?? 0, formatted: n });
  const applyLabel = all ? t('batchApplyAll') : t('batchApply', { count: count ?? 0 });

  return (
    <div
      role="region"
      aria-label={t('selection')}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-accent/40 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium">{scopeText}</p>
      {progress && (
        <div className="flex w-full items-center gap-2 text-sm sm:w-auto">
          <ProgressBar progress={progress} label={t('batchProgressLabel')} />
          <span className="tabular-nums" aria-live="polite">
            {progress.total === null
              ? t('batchGathering')
              : t('batchProgress', {
                  done: format.number(progress.done),
                  total: format.number(progress.total),
                })}
          </span>
        </div>
      )}
      {selectAllMatching && !all && !run.isPending && (
        <Button variant="link" size="sm" onClick={selectAllMatching.onSelect}>
          {selectAllMatching.estimated
            ? t('selectAllMatchingEstimated', {
                formatted: format.number(selectAllMatching.total),
              })
            : t('selectAllMatching', {
                count: selectAllMatching.total,
                formatted: format.number(selectAllMatching.total),
              })}
        </Button>
      )}
      {schema.canUpdate && editable.length > 0 && (
        <Button
          variant="outline"
          size="sm"
          disabled={run.isPending}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden />
          {t('batchEdit')}
        </Button>
      )}
      {schema.canDelete && (
        <ConfirmDialog
          title={all ? t('batchDeleteAllTitle') : t('batchDeleteTitle', { count: count ?? 0 })}
          description={
            all
              ? t('batchDeleteAllDescription')
              : t('batchDeleteDescription', { count: count ?? 0 })
          }
          onConfirm={() => start({ kind: 'delete' })}
          trigger={
            <Button variant="outline" size="sm" disabled={run.isPending}>
              <Trash2 aria-hidden />
              {t('batchDelete')}
            </Button>
          }
        />
      )}
      <Button variant="ghost" size="sm" disabled={run.isPending} onClick={onDone}>
        {t('clearSelection')}
      </Button>
      <BatchEditDialog
        open={editing}
        onOpenChange={setEditing}
        fields={editable}
        title={all ? t('batchEditAllTitle') : t('batchEditTitle', { count: count ?? 0 })}
        applyLabel={applyLabel}
        onApply={(values) => {
          setEditing(false);
          start({ kind: 'update', values }).catch(() => undefined);
        }}
      />
    </div>
  );
}
