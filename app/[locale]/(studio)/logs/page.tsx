import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LogsScreen } from '@/components/studio/logs/logs-screen';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Logs' });
  return { title: t('title') };
}

export default async function LogsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <LogsScreen />;
}
