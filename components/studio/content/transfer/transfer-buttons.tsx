'use client';

import { FileDown, FileUp } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CollectionSchema } from '../use-collection-schema';
import type { BrowserView } from '../use-browser-view';
import { ExportDialog } from './export-dialog';
import { ImportDialog } from './import-dialog';

/** Import into the collection (for those who may create) and export what the view shows. */
export function TransferButtons({
  schema,
  view,
  total,
}: {
  schema: CollectionSchema;
  view: BrowserView;
  total: number | null;
}) {
  const t = useTranslations('ItemBrowser');
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  const toggle = (which: 'import' | 'export') => (next: boolean) => setOpen(next ? which : null);
  return (
    <>
      {schema.canCreate && (
        <Button variant="outline" size="sm" onClick={() => setOpen('import')}>
          <FileUp aria-hidden />
          {t('import')}
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => setOpen('export')}>
        <FileDown aria-hidden />
        {t('export')}
      </Button>
      {open === 'import' && <ImportDialog open onOpenChange={toggle('import')} schema={schema} />}
      {open === 'export' && (
        <ExportDialog
          open
          onOpenChange={toggle('export')}
          collection={schema.collection}
          view={view}
          total={total}
        />
      )}
    </>
  );
}
