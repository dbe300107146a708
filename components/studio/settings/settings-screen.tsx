'use client';

import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/client/fetcher';
import { useSettingsQuery } from '@/lib/client/settings/settings-query';
import type { Settings } from '@/lib/client/settings/types';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/cn';
import { PageHeader } from '../kit/page-header';
import { useErrorMessage } from '../kit/use-error-message';
import { CorsForm } from './cors-form';
import { EmailForm } from './email-form';
import { GeneralForm } from './general-form';
import { McpForm } from './mcp-form';
import { SecurityPanel } from './security-panel';
import { SETTINGS_TABS, type SettingsTab } from './tabs';

function TabNav({ tab }: { tab: SettingsTab }) {
  const t = useTranslations('Settings');
  return (
    <nav aria-label={t('tabsLabel')} className="mb-6 overflow-x-auto border-b">
      <ul className="flex min-w-max gap-1">
        {SETTINGS_TABS.map((key) => (
          <li key={key}>
            <Link
              href={`/settings/${key}`}
              aria-current={key === tab ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex h-10 items-center border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                key === tab && 'border-primary text-foreground',
              )}
            >
              {t(`tabs.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TabBody({ tab, settings }: { tab: SettingsTab; settings: Settings }) {
  switch (tab) {
    case 'general':
      return <GeneralForm settings={settings} />;
    case 'email':
      return <EmailForm settings={settings} />;
    case 'cors':
      return <CorsForm settings={settings} />;
    case 'security':
      return <SecurityPanel />;
    case 'mcp':
      return <McpForm settings={settings} />;
  }
}

/** The settings page: one tab per area, each saved on its own. */
export function SettingsScreen({ tab }: { tab: SettingsTab }) {
  const t = useTranslations('Settings');
  const tCommon = useTranslations('Common');
  const errorMessage = useErrorMessage();
  const settings = useSettingsQuery();
  const forbidden = settings.error instanceof ApiError && settings.error.status === 403;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <TabNav tab={tab} />
      {settings.isPending && (
        <div aria-busy="true" aria-label={tCommon('loading')} className="max-w-2xl space-y-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
      {settings.isError && (
        <div role="alert" className="flex max-w-2xl items-start gap-3 rounded-lg border p-4">
          <CircleAlert aria-hidden className="mt-0.5 size-5 text-destructive" />
          <div className="flex-1 space-y-3 text-sm">
            <p>{forbidden ? t('adminOnly') : errorMessage(settings.error)}</p>
            {!forbidden && (
              <Button variant="outline" size="sm" onClick={() => settings.refetch()}>
                <RotateCw aria-hidden />
                {tCommon('retry')}
              </Button>
            )}
          </div>
        </div>
      )}
      {settings.isSuccess && (
        // Keyed by tab and row, so a form starts from the saved values again.
        <TabBody key={tab} tab={tab} settings={settings.data} />
      )}
    </>
  );
}
