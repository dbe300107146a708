import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ItemPage } from '@/components/studio/content/item-page';

type Props = { params: Promise<{ locale: string; collection: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { collection, id } = await params;
  return { title: `${decodeURIComponent(collection)} · ${decodeURIComponent(id)}` };
}

export default async function ContentItemPage({ params }: Props) {
  const { locale, collection, id } = await params;
  setRequestLocale(locale);
  return <ItemPage collection={decodeURIComponent(collection)} id={decodeURIComponent(id)} />;
}
