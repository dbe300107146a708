'use client';

import { useTranslations } from 'next-intl';
import { useSettingsUpdateMutation } from '@/lib/client/settings/settings-update-mutation';
import type { SettingsPatch } from '@/lib/client/settings/types';
import { useSave } from '../kit/use-save';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Saving one settings tab through the kit's save: client checks first (`errors` non-empty:
 * nothing is sent), then the patch; the server's per-field messages land on the fields.
 */
export function useSettingsSave() {
  const t = useTranslations('Settings');
  const save = useSave(useSettingsUpdateMutation(), {
    saved: t('saved'),
    failed: t('saveFailed'),
    invalid: t('fixErrors'),
  });
  return {
    save: (patch: SettingsPatch, clientErrors: FieldErrors = {}) =>
      save.mutate(patch, { clientErrors }),
    errors: save.errors.fields as FieldErrors,
    saving: save.isPending,
  };
}
