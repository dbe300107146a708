import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'DaaS Studio', template: '%s · DaaS' },
  description: 'Manage your data, schema and access.',
};

/** The document shell only: providers live in app/[locale]/layout.tsx so /api never loads them. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: each answer's scripts carry that answer's CSP nonce.
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
