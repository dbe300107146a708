'use client';

import { Upload } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState, type ChangeEvent } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { ApiError } from '@/lib/client/fetcher';
import { fieldLabel } from '@/lib/client/fields/field-label';
import { refusedRows, useItemsImportMutation } from '@/lib/client/items/items-import-mutation';
import type { CollectionSchema } from '../use-collection-schema';
import {
  defaultMapping,
  mappedFile,
  parseImportFile,
  type Mapping,
  type ParsedFile,
} from './import-file';
import { Progress } from './progress';

const PREVIEW_ROWS = 5;
const SKIP = '__skip__';

/**
 * Imports a CSV or JSON file into the collection: a preview of the first rows, each column
 * mapped to a field (or left out), upload progress, then all rows land or none; a refused
 * file lists its rows with the server's reasons.
 */
export function ImportDialog({
  open,
  onOpenChange,
  schema,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schema: CollectionSchema;
}) {
  const t = useTranslations('ItemBrowser');
  const shared = useTranslations('Shared');
  const locale = useLocale();
  const format = useFormatter();
  const importer = useSave(useItemsImportMutation(schema.collection), {
    saved: (vars) => t('imported', { count: vars.rows, formatted: format.number(vars.rows) }),
    failed: t('importFailed'),
    inline: true,
  });
  const [file, setFile] = useState<(ParsedFile & { name: string }) | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [progress, setProgress] = useState<number | null>(null);

  const targets = schema.fields.filter(
    (f) => f.schema !== null && !f.schema.is_generated && schema.fieldAllowed('create', f.field),
  );
  const reset = () => {
    setFile(null);
    setReadError(null);
    setProgress(null);
    importer.reset();
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    reset();
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    try {
      const parsed = parseImportFile(chosen.name, await chosen.text());
      setFile({ ...parsed, name: chosen.name });
      setMapping(
        defaultMapping(
          parsed.columns,
          targets.map((f) => f.field),
        ),
      );
    } catch (err) {
      setReadError(t(`importUnreadable_${err instanceof Error ? err.message : 'csv'}`));
    }
  };

  const submit = () => {
    if (!file) return;
    setProgress(0);
    importer.mutate(
      {
        file: mappedFile(file, mapping),
        name: file.name,
        rows: file.rows.length,
        onProgress: (p) => setProgress(p.total ? (100 * p.loaded) / p.total : 0),
      },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const refused = importer.error instanceof ApiError ? refusedRows(importer.error.extensions) : [];
  const mapped = Object.values(mapping).filter(Boolean).length;
  const uploading = importer.isPending && progress !== null && progress < 100;

  return (
    <EditDialog
      open={open}
      className="sm:max-w-2xl"
      title={t('importTitle')}
      description={t('importDescription')}
      error={importer.message}
      saving={importer.isPending}
      canSave={Boolean(file) && mapped > 0}
      icon={<Upload aria-hidden />}
      labels={{
        cancel: shared('cancel'),
        save: file
          ? t('importSubmit', {
              count: file.rows.length,
              formatted: format.number(file.rows.length),
            })
          : t('importSubmitEmpty'),
      }}
      onClose={() => {
        // Closing mid-import would hide whether the rows landed.
        if (importer.isPending) return;
        reset();
        onOpenChange(false);
      }}
      onSubmit={submit}
    >
      <div className="min-w-0 space-y-4">
        <Field label={t('importFile')} error={readError ?? undefined}>
          <Input type="file" accept=".csv,.json,text/csv,application/json" onChange={choose} />
        </Field>
        {file && (
          <>
            <p className="text-sm">
              {t('importRows', {
                count: file.rows.length,
                formatted: format.number(file.rows.length),
              })}
            </p>
            <div className="max-h-48 overflow-auto rounded-md border">
              <table className="w-full text-xs" aria-label={t('importPreview')}>
                <thead className="bg-muted">
                  <tr>
                    {file.columns.map((c) => (
                      <th key={c} scope="col" className="px-2 py-1 text-left font-medium">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {file.rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                    <tr key={i} className="border-t">
                      {file.columns.map((c) => (
                        <td key={c} className="max-w-40 truncate px-2 py-1">
                          {row[c] === undefined || row[c] === null
                            ? ''
                            : String(typeof row[c] === 'object' ? JSON.stringify(row[c]) : row[c])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-medium">{t('importMapping')}</legend>
              {file.columns.map((c) => (
                <Field key={c} label={t('importColumn', { column: c })}>
                  {(control) => (
                    <Select
                      value={mapping[c] ?? SKIP}
                      onValueChange={(v) =>
                        setMapping((m) => ({ ...m, [c]: v === SKIP ? null : v }))
                      }
                    >
                      <SelectTrigger {...control}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={SKIP}>{t('importSkip')}</SelectItem>
                        {targets.map((f) => (
                          <SelectItem key={f.field} value={f.field}>
                            {fieldLabel(f, locale)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </Field>
              ))}
            </fieldset>
          </>
        )}
        {importer.isPending && (
          <Progress
            label={uploading ? t('importUploading') : t('importWriting')}
            value={uploading ? (progress ?? 0) : undefined}
          />
        )}
        {refused.length > 0 && (
          <div className="max-h-56 overflow-auto rounded-md border">
            <table className="w-full text-sm" aria-label={t('importRefused')}>
              <thead className="bg-muted text-xs">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left font-medium">
                    {t('importRow')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-left font-medium">
                    {t('importField')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-left font-medium">
                    {t('importReason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {refused.map((r) => (
                  <tr key={`${r.row}:${r.field}`} className="border-t">
                    <td className="px-2 py-1 tabular-nums">{format.number(r.row)}</td>
                    <td className="px-2 py-1">{r.field}</td>
                    <td className="px-2 py-1">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </EditDialog>
  );
}
