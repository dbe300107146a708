'use client';

import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminAccess } from '@/lib/client/auth/admin-access-query';
import { EmptyState } from '../empty-state';
import { QueryError } from './query-error';

/** The data model is for administrators; everyone else is told so instead of seeing errors. */
export function AdminGate({ children }: { children: ReactNode }) {
  const t = useTranslations('DataModel');
  const admin = useAdminAccess();
  if (admin.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (admin.isError) return <QueryError error={admin.error} onRetry={() => admin.refetch()} />;
  if (!admin.data) {
    return (
      <EmptyState icon={ShieldAlert} title={t('adminOnlyTitle')}>
        {t('adminOnlyBody')}
      </EmptyState>
    );
  }
  return <>{children}</>;
}
