'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CORS_METHODS, type Settings } from '@/lib/client/settings/types';
import { SettingsForm, SwitchField } from '../kit/form-parts';
import { ListEditor } from './list-editor';
import { useSettingsSave } from './use-settings-save';

const HEADER = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/** An origin is scheme, host and optional port: nothing more, as the server requires. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

export function CorsForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const [enabled, setEnabled] = useState(settings.cors_enabled);
  const [origins, setOrigins] = useState(settings.cors_origins);
  const [methods, setMethods] = useState(settings.cors_methods);
  const [allowed, setAllowed] = useState(settings.cors_allowed_headers);
  const [exposed, setExposed] = useState(settings.cors_expose_headers);
  const [credentials, setCredentials] = useState(settings.cors_allow_credentials);
  const [maxAge, setMaxAge] = useState(String(settings.cors_max_age));
  const { save, errors, saving } = useSettingsSave();
  const headerCheck = (v: string) => (HEADER.test(v) ? undefined : t('errors.header'));

  function submit() {
    const age = Number(maxAge);
    save(
      {
        cors_enabled: enabled,
        cors_origins: origins,
        // Kept in the order the server lists them, whatever order they were ticked in.
        cors_methods: CORS_METHODS.filter((m) => methods.includes(m)),
        cors_allowed_headers: allowed,
        cors_expose_headers: exposed,
        cors_allow_credentials: credentials,
        cors_max_age: age,
      },
      {
        cors_max_age:
          maxAge.trim() === '' || !Number.isInteger(age) || age < 0 || age > 86_400
            ? t('errors.maxAge')
            : undefined,
        cors_methods: enabled && methods.length === 0 ? t('errors.oneMethod') : undefined,
      },
    );
  }

  return (
    <SettingsForm
      title={t('cors.title')}
      description={t('cors.description')}
      saving={saving}
      onSubmit={submit}
    >
      <SwitchField
        label={t('cors.enabled')}
        hint={t('cors.enabledHint')}
        checked={enabled}
        onChange={setEnabled}
      />
      <ListEditor
        label={t('cors.origins')}
        hint={t('cors.originsHint')}
        values={origins}
        onChange={setOrigins}
        placeholder="https://app.example.com"
        check={(v) => (isOrigin(v) ? undefined : t('errors.origin'))}
        error={errors.cors_origins}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('cors.methods')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {CORS_METHODS.map((method) => (
            <div key={method} className="flex items-center gap-2">
              <Checkbox
                id={`cors-method-${method}`}
                checked={methods.includes(method)}
                onCheckedChange={(on) =>
                  setMethods((prev) =>
                    on === true ? [...prev, method] : prev.filter((m) => m !== method),
                  )
                }
              />
              <Label htmlFor={`cors-method-${method}`} className="font-mono text-xs">
                {method}
              </Label>
            </div>
          ))}
        </div>
        {errors.cors_methods && (
          <p className="text-xs font-medium text-destructive">{errors.cors_methods}</p>
        )}
      </fieldset>
      <ListEditor
        label={t('cors.allowedHeaders')}
        values={allowed}
        onChange={setAllowed}
        placeholder="X-Custom-Header"
        check={headerCheck}
        error={errors.cors_allowed_headers}
      />
      <ListEditor
        label={t('cors.exposeHeaders')}
        values={exposed}
        onChange={setExposed}
        placeholder="X-Custom-Header"
        check={headerCheck}
        error={errors.cors_expose_headers}
      />
      <SwitchField
        label={t('cors.credentials')}
        hint={t('cors.credentialsHint')}
        checked={credentials}
        onChange={setCredentials}
      />
      <Field label={t('cors.maxAge')} hint={t('cors.maxAgeHint')} error={errors.cors_max_age}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={86400}
          value={maxAge}
          onChange={(e) => setMaxAge(e.target.value)}
          className="max-w-40"
        />
      </Field>
    </SettingsForm>
  );
}
