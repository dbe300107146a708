'use client';

import { Download } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { EditDialog } from '@/components/studio/kit/edit-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { assetUrl } from '@/lib/client/files/files-query';
import {
  useItemsExportMutation,
  type ExportFormat,
} from '@/lib/client/items/items-export-mutation';
import type { BrowserView } from '../use-browser-view';
import { Progress } from './progress';

const FORMATS: ExportFormat[] = ['csv', 'json', 'xml', 'yaml'];

/** Starts the browser's download of a file of the library. */
function download(id: string, name: string | null) {
  const a = document.createElement('a');
  a.href = `${assetUrl(id)}?download`;
  a.download = name ?? '';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Exports what the browser shows (its filter, search and sort; the shown columns or every
 * field) to a file: the server writes it into the file library, then it downloads.
 */
export function ExportDialog({
  open,
  onOpenChange,
  collection,
  view,
  total,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  view: BrowserView;
  /** How many items match, when known. */
  total: number | null;
}) {
  const t = useTranslations('ItemBrowser');
  const shared = useTranslations('Shared');
  const format = useFormatter();
  const exporter = useSave(useItemsExportMutation(collection), {
    saved: t('exported'),
    failed: t('exportFailed'),
    inline: true,
  });
  const [kind, setKind] = useState<ExportFormat>('csv');
  const [shownOnly, setShownOnly] = useState(view.layout === 'tabular');

  const submit = () =>
    exporter.mutate(
      {
        format: kind,
        fields: shownOnly ? view.fields : ['*'],
        filter: view.filter,
        search: view.search,
        sort: view.sort,
      },
      {
        onSuccess: (file) => {
          download(file.id, file.filename_download);
          onOpenChange(false);
        },
      },
    );
  // Closing mid-export would hide whether the file was written.
  const close = () => {
    if (!exporter.isPending) onOpenChange(false);
  };

  return (
    <EditDialog
      open={open}
      className="sm:max-w-lg"
      title={t('exportTitle')}
      description={
        total === null
          ? t('exportDescriptionUnknown')
          : t('exportDescription', { count: total, formatted: format.number(total) })
      }
      error={exporter.message}
      saving={exporter.isPending}
      icon={<Download aria-hidden />}
      labels={{ cancel: shared('cancel'), save: t('exportSubmit') }}
      onClose={close}
      onSubmit={submit}
    >
      <Field label={t('exportFormat')}>
        {(control) => (
          <Select value={kind} onValueChange={(v) => setKind(v as ExportFormat)}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FORMATS.map((f) => (
                <SelectItem key={f} value={f}>
                  {f.toUpperCase()}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={t('exportShownOnly')} layout="inline">
        <Checkbox
          checked={shownOnly}
          onCheckedChange={(v) => setShownOnly(v === true)}
          disabled={view.layout !== 'tabular'}
        />
      </Field>
      {exporter.isPending && <Progress label={t('exporting')} />}
    </EditDialog>
  );
}
