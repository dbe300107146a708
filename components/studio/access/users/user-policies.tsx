'use client';

import { useTranslations } from 'next-intl';
import { HolderPolicies } from '../grants/holder-policies';

export function UserPolicies({ userId }: { userId: string }) {
  const t = useTranslations('Access.users');
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('policiesHint')}</p>
      <HolderPolicies holder={{ user: userId }} />
    </div>
  );
}
