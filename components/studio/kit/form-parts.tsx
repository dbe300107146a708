'use client';

import { useTranslations } from 'next-intl';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';

/** A settings section: a titled card of fields with its own save button. */
export function SettingsForm({
  title,
  description,
  saving,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  description?: string;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useTranslations('Settings');
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} className="max-w-2xl rounded-xl border bg-card shadow-xs">
      <div className="border-b px-5 py-4">
        <h2 className="text-base font-semibold">{title}</h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-col gap-5 px-5 py-5">{children}</div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3">
        {footer}
        <Button type="submit" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** A labelled on/off setting with an optional hint. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Field label={label} hint={hint} layout="inline">
      <Switch checked={checked} onCheckedChange={onChange} />
    </Field>
  );
}
