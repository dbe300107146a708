import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StudioShell } from '@/components/studio/studio-shell';

export default async function StudioLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <StudioShell>{children}</StudioShell>;
}
