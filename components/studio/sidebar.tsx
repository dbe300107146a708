'use client';

import { Menu, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';
import { BrandMark } from './brand-mark';
import { LocaleSwitcher } from './locale-switcher';
import { allowed, isActive, NAV_ITEMS } from './nav-items';
import { useNavGrants } from './use-nav-grants';

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations('Nav');
  const locale = useLocale();
  const pathname = usePathname();
  const grants = useNavGrants();
  // Modules appear once the caller's grants are known; the server refuses the rest anyway.
  const items = NAV_ITEMS.filter((item) => allowed(item.rule, grants));
  const onOwnPolicy = NAV_ITEMS.some((item) => item.ownPolicy && isActive(item.href, pathname));
  return (
    <nav aria-label={t('label')} className="flex flex-col gap-1 p-3">
      {items.map(({ key, href, icon: Icon, ownPolicy }) => {
        const active = isActive(href, pathname);
        // A page with a policy of its own is entered and left by a document load.
        const NavLink = ownPolicy || onOwnPolicy ? 'a' : Link;
        return (
          <NavLink
            key={key}
            href={NavLink === 'a' ? `/${locale}${href === '/' ? '' : href}` : href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
              active &&
                'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
            )}
          >
            <Icon
              aria-hidden
              className={cn(
                'size-4 shrink-0',
                active ? 'text-primary' : 'text-muted-foreground group-hover:text-foreground',
              )}
            />
            {t(key)}
          </NavLink>
        );
      })}
    </nav>
  );
}

/** Fixed navigation column on wide screens. */
export function Sidebar() {
  return (
    <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r bg-sidebar md:flex">
      <div className="flex h-14 items-center border-b px-5">
        <Link
          href="/"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark />
        </Link>
      </div>
      <NavLinks />
      <LocaleSwitcher className="mt-auto border-t px-5 py-3" />
    </aside>
  );
}

/** The same navigation in a drawer, behind a menu button, on narrow screens. */
export function MobileNav() {
  const t = useTranslations('Common');
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('openNavigation')}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <div className="flex h-14 items-center justify-between border-b px-5">
          <SheetTitle asChild>
            <span>
              <BrandMark />
            </span>
          </SheetTitle>
          <SheetClose asChild>
            <Button variant="ghost" size="icon" aria-label={t('closeNavigation')}>
              <X aria-hidden />
            </Button>
          </SheetClose>
        </div>
        <NavLinks onNavigate={() => setOpen(false)} />
        <LocaleSwitcher className="mt-auto border-t px-5 py-3" />
      </SheetContent>
    </Sheet>
  );
}
