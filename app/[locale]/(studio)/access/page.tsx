import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccessOverview } from '@/components/studio/access/access-overview';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Access' });
  return { title: t('title') };
}

export default async function AccessPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <AccessOverview />;
}
