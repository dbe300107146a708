import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/studio/kit/page-header';
import { WorkflowsPage } from '@/components/studio/workflows/workflows-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Workflows' });
  return { title: t('title') };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Workflows');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <WorkflowsPage />
    </>
  );
}
