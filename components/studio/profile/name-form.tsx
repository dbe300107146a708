'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useProfileUpdateMutation } from '@/lib/client/profile/profile-update-mutation';
import type { Profile } from '@/lib/client/profile/types';
import { useSave } from '../kit/use-save';
import { ProfileSection } from './section';

const MAX = 50;

export function NameForm({ profile }: { profile: Profile }) {
  const t = useTranslations('Profile');
  const update = useSave(useProfileUpdateMutation(), {
    saved: t('nameSaved'),
    failed: t('saveFailed'),
  });
  const [first, setFirst] = useState(profile.first_name ?? '');
  const [last, setLast] = useState(profile.last_name ?? '');
  const errors = update.errors.fields;

  function submit() {
    update.mutate(
      { first_name: first.trim() || null, last_name: last.trim() || null },
      {
        clientErrors: {
          first_name: first.trim().length > MAX ? t('tooLong', { max: MAX }) : undefined,
          last_name: last.trim().length > MAX ? t('tooLong', { max: MAX }) : undefined,
        },
      },
    );
  }

  return (
    <ProfileSection
      id="profile-name"
      title={t('nameTitle')}
      description={t('nameDescription', { email: profile.email ?? '' })}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('saveName')}
        </Button>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('firstName')} error={errors.first_name}>
          <Input
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            autoComplete="given-name"
          />
        </Field>
        <Field label={t('lastName')} error={errors.last_name}>
          <Input
            value={last}
            onChange={(e) => setLast(e.target.value)}
            autoComplete="family-name"
          />
        </Field>
      </div>
    </ProfileSection>
  );
}
