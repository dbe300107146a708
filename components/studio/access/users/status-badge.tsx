'use client';

import { useTranslations } from 'next-intl';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { UserStatus } from '@/lib/client/access/types';

const VARIANT: Record<UserStatus, BadgeProps['variant']> = {
  active: 'success',
  invited: 'secondary',
  draft: 'outline',
  suspended: 'destructive',
  archived: 'outline',
};

export function StatusBadge({ status }: { status: UserStatus }) {
  const t = useTranslations('Access.users.status');
  return <Badge variant={VARIANT[status]}>{t(status)}</Badge>;
}
