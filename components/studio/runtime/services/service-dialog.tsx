'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRuntimeSaveMutation } from '@/lib/client/runtime/runtime-save-mutation';
import { isRecord } from '@/lib/client/guards';
import type { CustomService, ServiceInput } from '@/lib/client/runtime/types';
import { SwitchField } from '../../kit/form-parts';
import { EditDialog } from '../../kit/edit-dialog';
import { useSave } from '../../kit/use-save';
import { ExtensionSelect } from '../extension-select';
import { JsonField } from '../json-field';
import { jsonText, parseJson } from '../json-text';
import { useRuntimeFieldWords } from '../field-words';

const NAME = /^[a-z][a-z0-9-]*$/;

/** Creates or edits a service: its name, the service extension behind it and its config. */
export function ServiceDialog({
  service,
  onClose,
}: {
  service?: CustomService;
  onClose: () => void;
}) {
  const t = useTranslations('Services');
  const save = useSave(useRuntimeSaveMutation<ServiceInput, CustomService>('services'), {
    saved: (_vars, row) => t('saved', { name: row.name }),
    inline: true,
    mapFields: useRuntimeFieldWords(),
  });
  const errors = save.errors;
  const [name, setName] = useState(service?.name ?? '');
  const [extension, setExtension] = useState(service?.extension ?? null);
  const [enabled, setEnabled] = useState(service?.enabled ?? true);
  const [config, setConfig] = useState(jsonText(service?.config));

  function submit() {
    const fields: Record<string, string> = {};
    if (!NAME.test(name)) fields.name = t('nameRule');
    const parsed = parseJson(config);
    const value = parsed.ok ? parsed.value : undefined;
    if (value === undefined || (value !== null && !isRecord(value))) {
      fields.config = t('configInvalid');
    }
    if (!save.check(fields)) return;
    const input = { name, extension, enabled, config: value as ServiceInput['config'] };
    save.mutate({ id: service?.id, input }, { onSuccess: onClose });
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
