import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BrandMark } from './brand-mark';
import { LocaleSwitcher } from './locale-switcher';

/** The signed-out frame shared by the login and reset-password pages. */
export function AuthScreen({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useTranslations('Login');
  const common = useTranslations('Common');
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-30 [background-image:radial-gradient(circle_at_20%_20%,white_0,transparent_35%),radial-gradient(circle_at_80%_70%,#a78bfa_0,transparent_40%)]"
        />
        <BrandMark inverted className="relative" />
        <p className="relative max-w-md text-2xl leading-snug font-medium text-white/95">
          {t('tagline')}
        </p>
        <span className="relative text-sm text-white/70">{common('studio')}</span>
      </aside>
      <main className="flex items-center justify-center px-4 py-12 sm:px-8">
        <div className="w-full max-w-sm">
          <BrandMark className="mb-8 lg:hidden" />
          <Card>
            <CardHeader>
              <CardTitle>
                <span className="text-2xl">{title}</span>
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
          <LocaleSwitcher className="mt-6 justify-center" />
        </div>
      </main>
    </div>
  );
}
