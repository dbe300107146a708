'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';

const SECTIONS = [
  { key: 'users', href: '/access/users' },
  { key: 'roles', href: '/access/roles' },
  { key: 'policies', href: '/access/policies' },
  { key: 'explain', href: '/access/explain' },
  { key: 'scopes', href: '/access/scopes' },
  { key: 'moduleKeys', href: '/access/module-keys' },
] as const;

/** The access module's sections as links (each is its own page, so they stay shareable). */
export function AccessNav() {
  const t = useTranslations('Access.nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="-mx-1 mb-6 overflow-x-auto border-b">
      <ul className="flex min-w-max gap-1 px-1">
        {SECTIONS.map(({ key, href }) => {
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={key}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'border-primary text-foreground' : 'border-transparent',
                )}
              >
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
