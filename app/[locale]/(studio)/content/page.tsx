import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentHome } from '@/components/studio/content/content-home';
import { PageHeader } from '@/components/studio/kit/page-header';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Content' });
  return { title: t('title') };
}

export default async function ContentPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Content');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ContentHome />
    </>
  );
}
