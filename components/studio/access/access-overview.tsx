'use client';

import {
  FolderTree,
  KeyRound,
  SearchCheck,
  ShieldCheck,
  UserRound,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { AccessPage } from './access-page';

const SECTIONS: { key: string; href: string; icon: LucideIcon }[] = [
  { key: 'users', href: '/access/users', icon: UserRound },
  { key: 'roles', href: '/access/roles', icon: UsersRound },
  { key: 'policies', href: '/access/policies', icon: ShieldCheck },
  { key: 'explain', href: '/access/explain', icon: SearchCheck },
  { key: 'scopes', href: '/access/scopes', icon: FolderTree },
  { key: 'moduleKeys', href: '/access/module-keys', icon: KeyRound },
];

/** The module's front page: what each section is for, one click away. */
export function AccessOverview() {
  const t = useTranslations('Access');
  return (
    <AccessPage title={t('title')} description={t('description')}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {SECTIONS.map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <Link
              href={href}
              className="flex h-full gap-3 rounded-lg border bg-card p-4 outline-none hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="flex flex-col gap-1">
                <span className="font-medium">{t(`nav.${key}`)}</span>
                <span className="text-sm text-muted-foreground">{t(`overview.${key}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AccessPage>
  );
}
