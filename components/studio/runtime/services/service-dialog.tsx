'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useRuntimeSave } from '@/lib/client/runtime/runtime-mutations';
import type { CustomService, ServiceInput } from '@/lib/client/runtime/types';
import { SwitchField } from '../../kit/form-parts';
import { EditDialog } from '../../kit/edit-dialog';
import { ExtensionSelect } from '../extension-select';
import { JsonField } from '../json-field';
import { jsonText, parseJson } from '../json-text';
import { NO_ERRORS, useFormErrors } from '../use-form-errors';

const NAME = /^[a-z][a-z0-9-]*$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Creates or edits a service: its name, the service extension behind it and its config. */
export function ServiceDialog({
  service,
  onClose,
}: {
  service?: CustomService;
  onClose: () => void;
}) {
  const t = useTranslations('Services');
  const save = useRuntimeSave<ServiceInput, CustomService>('services');
  const errorsOf = useFormErrors();
  const [name, setName] = useState(service?.name ?? '');
  const [extension, setExtension] = useState(service?.extension ?? null);
  const [enabled, setEnabled] = useState(service?.enabled ?? true);
  const [config, setConfig] = useState(jsonText(service?.config));
  const [errors, setErrors] = useState(NO_ERRORS);

  function submit() {
    const fields: Record<string, string> = {};
    if (!NAME.test(name)) fields.name = t('nameRule');
    const parsed = parseJson(config);
    const value = parsed.ok ? parsed.value : undefined;
    if (value === undefined || (value !== null && !isObject(value))) {
      fields.config = t('configInvalid');
    }
    if (Object.keys(fields).length) return setErrors({ general: null, fields });
    setErrors(NO_ERRORS);
    const input = { name, extension, enabled, config: value as ServiceInput['config'] };
    save.mutate(
      { id: service?.id, input },
      {
        onSuccess: (saved) => {
          toast({ title: t('saved', { name: saved.name }), variant: 'success' });
          onClose();
        },
        onError: (err) => setErrors(errorsOf(err)),
      },
    );
  }

  return (
    <EditDialog
      title={service ? t('editTitle', { name: service.name }) : t('createTitle')}
      description={t('dialogDescription')}
      error={errors.general}
      saving={save.isPending}
      labels={{ cancel: t('cancel'), save: t('save') }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t('name')} hint={t('nameHint')} error={errors.fields.name} required>
        <Input
          value={name}
          maxLength={255}
          spellCheck={false}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <ExtensionSelect
        type="service"
        label={t('extension')}
        hint={t('extensionHint')}
        noneLabel={t('noExtension')}
        value={extension}
        onChange={setExtension}
        error={errors.fields.extension}
      />
      <JsonField
        label={t('config')}
        hint={t('configHint')}
        error={errors.fields.config}
        value={config}
        onChange={setConfig}
      />
      <SwitchField
        label={t('enabled')}
        hint={t('enabledHint')}
        checked={enabled}
        onChange={setEnabled}
      />
    </EditDialog>
  );
}
