import { SquareTerminal } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/studio/empty-state';
import { PageHeader } from '@/components/studio/page-header';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ApiExplorer' });
  return { title: t('title') };
}

export default async function ApiExplorerPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('ApiExplorer');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState icon={SquareTerminal} title={t('emptyTitle')}>
        {t('emptyBody')}
      </EmptyState>
    </>
  );
}
