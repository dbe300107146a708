import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { ApiExplorer } from '@/components/studio/api-explorer/api-explorer';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ApiExplorer' });
  return { title: t('title') };
}

export default async function ApiExplorerPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The chosen document is read from the URL on the client.
  return (
    <Suspense>
      <ApiExplorer />
    </Suspense>
  );
}
