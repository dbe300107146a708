'use client';

import { useTranslations } from 'next-intl';
import { useMeQuery } from '@/lib/client/auth/me-query';
import type { Profile } from '@/lib/client/profile/types';
import { PageHeader } from '../kit/page-header';
import { LanguageForm } from './language-form';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { TfaSection } from './tfa-section';

/** The signed-in user's own account; the studio shell has loaded the profile already. */
export function ProfileScreen() {
  const t = useTranslations('Profile');
  const me = useMeQuery();
  const profile = me.data as Profile | undefined;
  if (!profile) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-6">
        <NameForm profile={profile} />
        <LanguageForm profile={profile} />
        <PasswordForm />
        <TfaSection profile={profile} />
      </div>
    </>
  );
}
