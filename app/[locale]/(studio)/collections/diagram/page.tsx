import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DiagramPage } from '@/components/studio/collections/diagram-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Erd' });
  return { title: t('title') };
}

export default async function SchemaDiagramPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <DiagramPage />;
}
