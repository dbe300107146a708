import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { ActivityScreen } from '@/components/studio/activity/activity-screen';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Activity' });
  return { title: t('title') };
}

export default async function ActivityPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The filters are read from the URL on the client.
  return (
    <Suspense>
      <ActivityScreen />
    </Suspense>
  );
}
