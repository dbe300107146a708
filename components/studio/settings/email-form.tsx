'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PASSWORD_MASK, type Settings, type SettingsPatch } from '@/lib/client/settings/types';
import { SettingsForm, SwitchField } from '../kit/form-parts';
import { SmtpTest } from './smtp-test';
import { useSettingsSave, type FieldErrors } from './use-settings-save';

const HOST = /^[A-Za-z0-9.:[\]-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EmailForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const [enabled, setEnabled] = useState(settings.smtp_enabled);
  const [host, setHost] = useState(settings.smtp_host ?? '');
  const [port, setPort] = useState(settings.smtp_port === null ? '' : String(settings.smtp_port));
  const [secure, setSecure] = useState(settings.smtp_secure);
  const [ignoreTls, setIgnoreTls] = useState(settings.smtp_ignore_tls);
  const [user, setUser] = useState(settings.smtp_user ?? '');
  // Write-only: the field starts empty; empty on save keeps what is stored.
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [fromEmail, setFromEmail] = useState(settings.smtp_from_email ?? '');
  const [fromName, setFromName] = useState(settings.smtp_from_name ?? '');
  const { save, errors, saving } = useSettingsSave();
  const stored = settings.smtp_password === PASSWORD_MASK;

  function submit() {
    const portNumber = Number(port);
    const patch: SettingsPatch = {
      smtp_enabled: enabled,
      smtp_host: host.trim() || null,
      smtp_port: port.trim() ? portNumber : null,
      smtp_secure: secure,
      smtp_ignore_tls: ignoreTls,
      smtp_user: user.trim() || null,
      smtp_from_email: fromEmail.trim() || null,
      smtp_from_name: fromName.trim() || null,
    };
    if (password) patch.smtp_password = password;
    else if (clearPassword) patch.smtp_password = null;
    const check: FieldErrors = {
      smtp_host:
        host.trim() && !HOST.test(host.trim())
          ? t('errors.host')
          : enabled && !host.trim()
            ? t('errors.required')
            : undefined,
      smtp_port:
        port.trim() && (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535)
          ? t('errors.port')
          : undefined,
      smtp_from_email:
        fromEmail.trim() && !EMAIL.test(fromEmail.trim()) ? t('errors.email') : undefined,
    };
    save(patch, check);
  }

  return (
    <div className="flex flex-col gap-6">
      <SettingsForm
        title={t('email.title')}
        description={t('email.description')}
        saving={saving}
        onSubmit={submit}
      >
        <SwitchField
          label={t('email.enabled')}
          hint={t('email.enabledHint')}
          checked={enabled}
          onChange={setEnabled}
        />
        <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
          <Field label={t('email.host')} error={errors.smtp_host} required={enabled}>
            <Input
              value={host}
              onChange={(e) => setHost(e.target.value)}
              placeholder="smtp.example.com"
              autoComplete="off"
            />
          </Field>
          <Field label={t('email.port')} error={errors.smtp_port}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              value={port}
              onChange={(e) => setPort(e.target.value)}
              placeholder={secure ? '465' : '587'}
            />
          </Field>
        </div>
        <SwitchField
          label={t('email.secure')}
          hint={t('email.secureHint')}
          checked={secure}
          onChange={setSecure}
        />
        <SwitchField
          label={t('email.ignoreTls')}
          hint={t('email.ignoreTlsHint')}
          checked={ignoreTls}
          onChange={setIgnoreTls}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('email.user')} error={errors.smtp_user}>
            <Input value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" />
          </Field>
          <Field
            label={t('email.password')}
            hint={stored ? t('email.passwordStored') : t('email.passwordNone')}
            error={errors.smtp_password}
          >
            <Input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              placeholder={stored ? '••••••••' : ''}
            />
          </Field>
        </div>
        {stored && (
          <SwitchField
            label={t('email.clearPassword')}
            checked={clearPassword}
            onChange={setClearPassword}
          />
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('email.fromEmail')} error={errors.smtp_from_email}>
            <Input
              type="email"
              value={fromEmail}
              onChange={(e) => setFromEmail(e.target.value)}
              placeholder="noreply@example.com"
            />
          </Field>
          <Field label={t('email.fromName')} error={errors.smtp_from_name}>
            <Input value={fromName} onChange={(e) => setFromName(e.target.value)} />
          </Field>
        </div>
      </SettingsForm>
      <SmtpTest />
    </div>
  );
}
