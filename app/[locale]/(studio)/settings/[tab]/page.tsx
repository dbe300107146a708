import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SettingsScreen } from '@/components/studio/settings/settings-screen';
import { isSettingsTab, SETTINGS_TABS } from '@/components/studio/settings/tabs';

type Props = { params: Promise<{ locale: string; tab: string }> };

export function generateStaticParams() {
  return SETTINGS_TABS.map((tab) => ({ tab }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, tab } = await params;
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return { title: isSettingsTab(tab) ? `${t(`tabs.${tab}`)} · ${t('title')}` : t('title') };
}

export default async function SettingsTabPage({ params }: Props) {
  const { locale, tab } = await params;
  setRequestLocale(locale);
  if (!isSettingsTab(tab)) notFound();
  return <SettingsScreen tab={tab} />;
}
