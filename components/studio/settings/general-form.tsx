'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Settings } from '@/lib/client/settings/types';
import { SettingsForm } from '../kit/form-parts';
import { useSettingsSave } from './use-settings-save';

export function GeneralForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const [name, setName] = useState(settings.project_name);
  const [retention, setRetention] = useState(String(settings.activity_retention_days));
  const { save, errors, saving } = useSettingsSave();

  function submit() {
    const days = Number(retention);
    save(
      { project_name: name.trim(), activity_retention_days: days },
      {
        project_name: !name.trim()
          ? t('errors.required')
          : name.trim().length > 100
            ? t('errors.tooLong', { max: 100 })
            : undefined,
        activity_retention_days:
          retention.trim() === '' || !Number.isInteger(days) || days < 0
            ? t('errors.wholeNumber')
            : undefined,
      },
    );
  }

  return (
    <SettingsForm
      title={t('general.title')}
      description={t('general.description')}
      saving={saving}
      onSubmit={submit}
    >
      <Field label={t('general.projectName')} error={errors.project_name} required>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </Field>
      <Field
        label={t('general.retention')}
        hint={t('general.retentionHint')}
        error={errors.activity_retention_days}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={retention}
          onChange={(e) => setRetention(e.target.value)}
          className="max-w-40"
        />
      </Field>
    </SettingsForm>
  );
}
