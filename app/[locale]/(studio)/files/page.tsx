import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FileLibrary } from '@/components/studio/files/file-library';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Files' });
  return { title: t('title') };
}

export default async function FilesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FileLibrary />;
}
