'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Skeleton } from '@/components/ui/skeleton';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { PageHeader } from '../kit/page-header';

/**
 * The two documents the explorer shows: the caller's own API (their collections, verbs and
 * fields) and the generic one that describes every route with `{collection}` placeholders.
 */
export const DOCUMENTS = {
  mine: '/api/server/specs/oas',
  generic: '/api/docs/openapi.json',
} as const;
type DocumentKey = keyof typeof DOCUMENTS;

function Loading() {
  const t = useTranslations('ApiExplorer');
  return (
    <div aria-busy="true" aria-label={t('loading')} className="space-y-3 p-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

// Large and browser-only: loaded on this page alone, never rendered on the server.
const ScalarReference = dynamic(() => import('./scalar-reference'), {
  ssr: false,
  loading: () => <Loading />,
});

export function ApiExplorer() {
  const t = useTranslations('ApiExplorer');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // In the address, so a reload or a shared link shows the same document.
  const document: DocumentKey = params.get('document') === 'generic' ? 'generic' : 'mine';

  function choose(next: string) {
    if (next !== 'mine' && next !== 'generic') return;
    router.replace(next === 'mine' ? pathname : { pathname, query: { document: next } }, {
      scroll: false,
    });
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <p className="max-w-3xl text-sm text-muted-foreground">{t('sessionNote')}</p>
        <div className="flex flex-col gap-1">
          <ToggleGroup
            type="single"
            value={document}
            onValueChange={choose}
            aria-label={t('documentLabel')}
            aria-describedby="api-explorer-document-hint"
          >
            <ToggleGroupItem value="mine">{t('documentMine')}</ToggleGroupItem>
            <ToggleGroupItem value="generic">{t('documentGeneric')}</ToggleGroupItem>
          </ToggleGroup>
          {/* Two lines for either hint, so switching does not move the reference below. */}
          <p
            id="api-explorer-document-hint"
            className="min-h-[2lh] max-w-sm text-xs text-muted-foreground"
          >
            {t(document === 'mine' ? 'documentMineHint' : 'documentGenericHint')}
          </p>
        </div>
      </div>
      {/*
       * Clipped, not hidden: `overflow: hidden` makes a scroll box, and the reference's
       * sidebar then sticks to it instead of the page and scrolls away with the text. The
       * renderer offsets its sticky parts by the studio's header (h-14).
       */}
      <div className="api-explorer -mx-4 overflow-clip border-y bg-card [--scalar-custom-header-height:3.5rem] sm:mx-0 sm:rounded-xl sm:border">
        {/* A new reference per document: the renderer keeps its own state per document. */}
        <ScalarReference key={document} url={DOCUMENTS[document]} locale={locale} />
      </div>
    </>
  );
}
