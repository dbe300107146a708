'use client';

import { ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useServerInfoQuery } from '@/lib/client/server/info-query';
import { useTfaPoliciesQuery } from '@/lib/client/settings/tfa-policies-query';
import { Link } from '@/lib/i18n/navigation';
import { useErrorMessage } from '../kit/use-error-message';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-6">
      <dt className="text-sm text-muted-foreground sm:w-64 sm:shrink-0">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * Sign-in rules as the server reports them. They come from the environment (and from
 * policies), not from the settings row, so this tab shows them and says where they are set.
 */
export function SecurityPanel() {
  const t = useTranslations('Settings');
  const errorMessage = useErrorMessage();
  const info = useServerInfoQuery();
  const policies = useTfaPoliciesQuery();
  const auth = info.data?.auth;

  return (
    <section
      aria-labelledby="security-title"
      className="max-w-2xl rounded-xl border bg-card shadow-xs"
    >
      <div className="border-b px-5 py-4">
        <h2 id="security-title" className="flex items-center gap-2 text-base font-semibold">
          <ShieldCheck aria-hidden className="size-4 text-primary" />
          {t('security.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('security.description')}</p>
      </div>
      <dl className="divide-y px-5">
        <Row term={t('security.mfaForced')}>
          {info.isPending ? (
            <Skeleton className="h-5 w-24" />
          ) : info.isError ? (
            errorMessage(info.error)
          ) : !auth ? (
            t('security.notReported')
          ) : (
            <Badge variant={auth.mfa_force_enabled ? 'success' : 'outline'}>
              {auth.mfa_force_enabled ? t('security.on') : t('security.off')}
            </Badge>
          )}
        </Row>
        <Row term={t('security.mfaPolicies')}>
          {policies.isPending ? (
            <Skeleton className="h-5 w-32" />
          ) : policies.isError ? (
            errorMessage(policies.error)
          ) : policies.data.length === 0 ? (
            <span className="font-normal text-muted-foreground">{t('security.noMfaPolicies')}</span>
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {policies.data.map((p) => (
                <li key={p.id}>
                  <Badge variant="secondary">{p.name ?? p.id}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Row>
        {auth && (
          <>
            <Row term={t('security.accountLimit')}>
              {t('security.attempts', { count: auth.rate_limit.points })}
            </Row>
            <Row term={t('security.ipLimit')}>
              {t('security.attempts', { count: auth.rate_limit.ip_points })}
            </Row>
            <Row term={t('security.window')}>
              {t('security.minutes', { count: Math.round(auth.rate_limit.duration / 60) })}
            </Row>
          </>
        )}
      </dl>
      <p className="border-t px-5 py-3 text-xs text-muted-foreground">
        {t.rich('security.whereSet', {
          code: (chunks) => <code className="font-mono">{chunks}</code>,
          link: (chunks) => (
            <Link href="/access/policies" className="text-primary underline underline-offset-4">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </section>
  );
}
