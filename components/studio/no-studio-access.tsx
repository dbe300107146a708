'use client';

import { LogOut, ShieldX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useLogoutMutation } from '@/lib/client/auth/logout-mutation';
import type { CurrentUser } from '@/lib/client/auth/types';
import { useRouter } from '@/lib/i18n/navigation';
import { BrandMark } from './brand-mark';

/**
 * Signed in, but no policy grants studio (app) access: the account may still use the API,
 * so this says so plainly instead of showing a studio whose every request would fail.
 */
export function NoStudioAccess({ user }: { user: CurrentUser }) {
  const t = useTranslations('Nav');
  const router = useRouter();
  const logout = useLogoutMutation();
  return (
    <main id="studio-main" className="grid min-h-dvh place-items-center px-4">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <BrandMark />
        <span
          aria-hidden
          className="grid size-12 place-items-center rounded-xl bg-accent text-primary"
        >
          <ShieldX className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">{t('noAccessTitle')}</h1>
        <p className="text-sm text-muted-foreground">
          {user.email ? t('noAccessBody', { email: user.email }) : t('noAccessBodyNoEmail')}
        </p>
        <Button
          variant="outline"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => router.replace('/login') })}
        >
          <LogOut aria-hidden />
          {t('noAccessSignOut')}
        </Button>
      </div>
    </main>
  );
}
