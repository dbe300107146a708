'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRuntimeSaveMutation } from '@/lib/client/runtime/runtime-save-mutation';
import type { CronInput, CronJob } from '@/lib/client/runtime/types';
import { SwitchField } from '../../kit/form-parts';
import { EditDialog } from '../../kit/edit-dialog';
import { useSave } from '../../kit/use-save';
import { ExtensionSelect } from '../extension-select';
import { JsonField } from '../json-field';
import { jsonText, parseJson } from '../json-text';
import { useRuntimeFieldWords } from '../field-words';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = () => ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** Creates or edits a cron job; the server checks the schedule and time zone on save. */
export function CronDialog({ job, onClose }: { job?: CronJob; onClose: () => void }) {
  const t = useTranslations('Cron');
  const save = useSave(useRuntimeSaveMutation<CronInput, CronJob>('cron'), {
    saved: (_vars, row) => t('saved', { name: row.name }),
    inline: true,
    mapFields: useRuntimeFieldWords(),
  });
  const errors = save.errors;
  const zoneList = useId();
  const [name, setName] = useState(job?.name ?? '');
  const [schedule, setSchedule] = useState(job?.schedule ?? '0 * * * *');
  const [timezone, setTimezone] = useState(job?.timezone ?? browserZone());
  const [operation, setOperation] = useState(job?.operation ?? null);
  const [enabled, setEnabled] = useState(job?.enabled ?? true);
  const [payload, setPayload] = useState(jsonText(job?.payload));

  function submit() {
    const fields: Record<string, string> = {};
    if (!name.trim()) fields.name = t('nameRequired');
    if (!schedule.trim()) fields.schedule = t('scheduleRequired');
    const parsed = parseJson(payload);
    if (!parsed.ok) fields.payload = t('payloadInvalid');
    if (!save.check(fields) || !parsed.ok) return;
    const input = {
      name: name.trim(),
      schedule: schedule.trim(),
      timezone: timezone.trim() || 'UTC',
      operation,
      enabled,
      payload: parsed.value,
    };
    save.mutate({ id: job?.id, input }, { onSuccess: onClose });
  }

  return (
    <EditDialog
      title={job ? t('editTitle', { name: job.name }) : t('createTitle')}
      description={t('dialogDescription')}
      error={errors.general}
      saving={save.isPending}
      labels={{ cancel: t('cancel'), save: t('save') }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t('name')} error={errors.fields.name} required>
        <Input value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('schedule')}
          hint={t('scheduleHint')}
          error={errors.fields.schedule}
          required
        >
          <Input
            value={schedule}
            className="font-mono"
            spellCheck={false}
            onChange={(e) => setSchedule(e.target.value)}
          />
        </Field>
        <Field label={t('timezone')} hint={t('timezoneHint')} error={errors.fields.timezone}>
          <Input
            value={timezone}
            list={zoneList}
            spellCheck={false}
            onChange={(e) => setTimezone(e.target.value)}
          />
        </Field>
        <datalist id={zoneList}>
          {zones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <ExtensionSelect
        type="operation"
        label={t('operation')}
        hint={t('operationHint')}
        noneLabel={t('noOperation')}
        value={operation}
        onChange={setOperation}
        error={errors.fields.operation}
      />
      <JsonField
        label={t('payload')}
        hint={t('payloadHint')}
        error={errors.fields.payload}
        value={payload}
        onChange={setPayload}
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
