'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { useSettingsUpdateMutation } from '@/lib/client/settings/settings-update-mutation';
import type { SettingsPatch } from '@/lib/client/settings/types';
import { useErrorMessage } from '../kit/use-error-message';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Saving one settings tab: client checks first (`errors` non-empty: nothing is sent), then
 * the patch; the server's per-field messages land on the fields, and a toast says how it went.
 */
export function useSettingsSave() {
  const t = useTranslations('Settings');
  const errorMessage = useErrorMessage();
  const mutation = useSettingsUpdateMutation();
  const [errors, setErrors] = useState<FieldErrors>({});

  function save(patch: SettingsPatch, clientErrors: FieldErrors = {}) {
    const found = Object.fromEntries(Object.entries(clientErrors).filter(([, v]) => v));
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: t('fixErrors'), variant: 'error' });
      return;
    }
    mutation.mutate(patch, {
      onSuccess: () => toast({ title: t('saved'), variant: 'success' }),
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast({ title: t('saveFailed'), description: errorMessage(error), variant: 'error' });
      },
    });
  }

  return { save, errors, saving: mutation.isPending };
}
