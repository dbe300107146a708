import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { CollectionPage } from '@/components/studio/collections/collection-page';

type Props = { params: Promise<{ locale: string; collection: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { collection } = await params;
  return { title: decodeURIComponent(collection) };
}

export default async function CollectionDetailPage({ params }: Props) {
  const { locale, collection } = await params;
  setRequestLocale(locale);
  return <CollectionPage name={decodeURIComponent(collection)} />;
}
