import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { CollectionPage } from '@/components/studio/content/collection-page';

type Props = { params: Promise<{ locale: string; collection: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { collection } = await params;
  return { title: decodeURIComponent(collection) };
}

export default async function ContentCollectionPage({ params }: Props) {
  const { locale, collection } = await params;
  setRequestLocale(locale);
  return (
    <Suspense>
      <CollectionPage collection={decodeURIComponent(collection)} />
    </Suspense>
  );
}
