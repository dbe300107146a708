'use client';

import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { isAdmin } from '@/lib/client/permissions/can';
import { usePermissionsMeQuery } from '@/lib/client/permissions/permissions-me-query';
import { EmptyState } from '../kit/empty-state';
import { QueryError } from './query-error';

/** The data model is for administrators; everyone else is told so instead of seeing errors. */
export function AdminGate({ children }: { children: ReactNode }) {
  const t = useTranslations('DataModel');
  const permissions = usePermissionsMeQuery();
  if (permissions.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (permissions.isError) {
    return <QueryError error={permissions.error} onRetry={() => permissions.refetch()} />;
  }
  // Only hides the editor: the server refuses schema writes from non-administrators anyway.
  if (!isAdmin(permissions.data)) {
    return (
      <EmptyState icon={ShieldAlert} title={t('adminOnlyTitle')}>
        {t('adminOnlyBody')}
      </EmptyState>
    );
  }
  return <>{children}</>;
}
