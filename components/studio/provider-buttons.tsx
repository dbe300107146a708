'use client';

import { KeyRound } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { providerLoginHref, useAuthProvidersQuery } from '@/lib/client/auth/providers-query';
import { safeRedirect } from '@/lib/client/auth/safe-redirect';

/** One button per identity provider the server lists; nothing at all when there are none. */
export function ProviderButtons({ disabled }: { disabled?: boolean }) {
  const t = useTranslations('Login');
  const locale = useLocale();
  const next = safeRedirect(useSearchParams().get('redirect'), locale);
  const providers = useAuthProvidersQuery();
  if (!providers.data?.length) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.data.map((p) => (
        <Button
          key={p.name}
          asChild
          variant="outline"
          size="lg"
          className="w-full"
          aria-disabled={disabled}
        >
          <a href={providerLoginHref(p.name, locale, next)}>
            <KeyRound aria-hidden />
            {t('continueWith', { provider: p.label })}
          </a>
        </Button>
      ))}
    </div>
  );
}
