'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useProfileUpdateMutation } from '@/lib/client/profile/profile-update-mutation';
import type { Profile } from '@/lib/client/profile/types';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { routing, type Locale } from '@/lib/i18n/routing';
import { useSave } from '../kit/use-save';
import { ProfileSection } from './section';

function isLocale(value: string | null | undefined): value is Locale {
  return (routing.locales as readonly string[]).includes(value ?? '');
}

/** The language is stored on the user, so the studio opens in it on any device. */
export function LanguageForm({ profile }: { profile: Profile }) {
  const t = useTranslations('Profile');
  const tCommon = useTranslations('Common');
  const current = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const update = useSave(useProfileUpdateMutation(), {
    saved: t('languageSaved'),
    failed: t('saveFailed'),
  });
  const [language, setLanguage] = useState<Locale>(
    isLocale(profile.language) ? profile.language : (current as Locale),
  );

  function submit() {
    update.mutate(
      { language },
      {
        onSuccess: () => {
          if (language !== current) router.replace(pathname, { locale: language });
        },
      },
    );
  }

  return (
    <ProfileSection
      id="profile-language"
      title={t('languageTitle')}
      description={t('languageDescription')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('saveLanguage')}
        </Button>
      }
    >
      <Field label={t('language')} className="max-w-xs">
        {(control) => (
          <Select value={language} onValueChange={(v) => isLocale(v) && setLanguage(v)}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {routing.locales.map((l) => (
                <SelectItem key={l} value={l}>
                  {tCommon(`localeNames.${l}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
    </ProfileSection>
  );
}
