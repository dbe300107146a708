'use client';

import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLogoutMutation } from '@/lib/client/auth/logout-mutation';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { useOwesSecondFactorQuery } from '@/lib/client/auth/second-factor-query';
import { ApiError } from '@/lib/client/fetcher';
import { useMyAccessQuery } from '@/lib/client/profile/my-access-query';
import { landingScope, useMyScopesQuery } from '@/lib/client/scope/my-scopes-query';
import { setActiveScope } from '@/lib/client/scope/scope-store';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { useRouter } from '@/lib/i18n/navigation';
import { BrandMark } from './brand-mark';
import { NoStudioAccess } from './no-studio-access';
import { ScopeSwitcher } from './scope-switcher';
import { MobileNav, Sidebar } from './sidebar';
import { useErrorMessage } from './kit/use-error-message';
import { useProfileLocale } from './use-profile-locale';
import { UserMenu } from './user-menu';

/** The signed-in frame: who is signed in decides whether the studio shows or the login page. */
export function StudioShell({ children }: { children: ReactNode }) {
  const t = useTranslations('Common');
  const router = useRouter();
  const me = useMeQuery();
  const owes = useOwesSecondFactorQuery(me.isSuccess);
  const logout = useLogoutMutation();
  const errorMessage = useErrorMessage();
  const signedOut = me.error instanceof ApiError && me.error.status === 401;
  const halfSignedIn = owes.data === true;
  const { mutate: endSession } = logout;
  // Asked only of a full session: a half-signed-in one is refused everything but its profile.
  const activeScope = useActiveScope();
  const access = useMyAccessQuery(activeScope, owes.data === false);
  // No studio here, but perhaps at a scope the user holds (a tenant's member): go there.
  const noStudioHere = access.data?.app === false;
  const mine = useMyScopesQuery(owes.data === false);
  const landing = noStudioHere && mine.data ? landingScope(mine.data) : null;
  const moving = landing !== null && landing !== activeScope;
  useProfileLocale(me.data);
  const { refetch: refetchMe } = me;
  const scopeRefused =
    me.error instanceof ApiError && ['FORBIDDEN_SCOPE', 'INVALID_SCOPE'].includes(me.error.code);

  // A remembered scope the user no longer holds (or that is gone) falls back to the root.
  useEffect(() => {
    if (!scopeRefused) return;
    setActiveScope(null);
    void refetchMe();
  }, [scopeRefused, refetchMe]);

  useEffect(() => {
    if (moving) setActiveScope(landing);
  }, [moving, landing]);

  // Kept once seen: ending the session makes the profile answer 401 before the redirect.
  const reason = useRef<'mfa' | null>(null);

  useEffect(() => {
    if (!signedOut && !halfSignedIn) return;
    if (halfSignedIn) reason.current = 'mfa';
    const here = window.location.pathname + window.location.search;
    const query = reason.current ? { redirect: here, reason: reason.current } : { redirect: here };
    const go = () => router.replace({ pathname: '/login', query });
    // A session that never gave its second factor is ended: signing in starts afresh.
    if (halfSignedIn) endSession(undefined, { onSettled: go });
    else go();
  }, [signedOut, halfSignedIn, router, endSession]);

  if (
    me.isPending ||
    signedOut ||
    halfSignedIn ||
    scopeRefused ||
    (me.isSuccess && owes.isPending) ||
    (noStudioHere && mine.isPending) ||
    moving
  ) {
    return (
      <div className="grid min-h-dvh place-items-center text-muted-foreground">
        <Spinner className="size-6" aria-label={t('loading')} />
      </div>
    );
  }

  if (me.isError) {
    return (
      <div className="grid min-h-dvh place-items-center px-4">
        <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center">
          <CircleAlert aria-hidden className="size-8 text-destructive" />
          <p className="text-sm">{errorMessage(me.error)}</p>
          <Button variant="outline" onClick={() => me.refetch()}>
            <RotateCw aria-hidden />
            {t('retry')}
          </Button>
        </div>
      </div>
    );
  }

  if (access.data && !access.data.app) return <NoStudioAccess user={me.data} />;

  return (
    <div className="flex min-h-dvh">
      <a
        href="#studio-main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur sm:px-6">
          <MobileNav />
          <BrandMark className="md:hidden" />
          <div className="flex-1" />
          <ScopeSwitcher />
          <UserMenu user={me.data} />
        </header>
        <main id="studio-main" className="flex-1 px-4 py-6 sm:px-8 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
