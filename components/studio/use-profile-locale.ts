'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import type { Profile } from '@/lib/client/profile/types';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';

const SEEN = 'daas-profile-locale';

/**
 * Opens the studio in the language stored on the user. Once per user and browser session,
 * so choosing another language with the switcher afterwards is not undone on every page.
 */
export function useProfileLocale(profile: Profile | undefined) {
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const wanted = profile?.language;
  const user = profile?.id;

  useEffect(() => {
    if (!user || !wanted) return;
    if (sessionStorage.getItem(SEEN) === user) return;
    sessionStorage.setItem(SEEN, user);
    const known = (routing.locales as readonly string[]).includes(wanted);
    if (known && wanted !== locale) {
      router.replace(`${pathname}${window.location.search}`, { locale: wanted });
    }
  }, [user, wanted, locale, pathname, router]);
}
