'use client';

import { useTranslations } from 'next-intl';
import { HolderPolicies } from '../grants/holder-policies';
import { UserExtraRoles } from '../grants/user-extra-roles';

export function UserPolicies({ userId }: { userId: string }) {
  const t = useTranslations('Access.users');
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold">{t('directPolicies')}</h3>
        <p className="text-sm text-muted-foreground">{t('policiesHint')}</p>
        <HolderPolicies holder={{ user: userId }} />
      </section>
      <UserExtraRoles userId={userId} />
    </div>
  );
}
