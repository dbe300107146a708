'use client';

import { Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  CHOICE_INTERFACES,
  NUMERIC_TYPES,
  STRING_TYPES,
  type DraftError,
  type FieldDraft,
} from '@/components/studio/collections/field-draft';

/** The options that apply to the chosen interface and type. */
export function FieldOptions({
  draft,
  set,
  errors,
}: {
  draft: FieldDraft;
  set: (patch: Partial<FieldDraft>) => void;
  errors: DraftError[];
}) {
  const t = useTranslations('FieldEditor');
  const numeric = NUMERIC_TYPES.has(draft.type);
  const defaultError = errors.find((e) => e.startsWith('default'));
  return (
    <div className="flex flex-col gap-4">
      {CHOICE_INTERFACES.has(draft.interface) && (
        <ChoicesEditor draft={draft} set={set} invalid={errors.includes('choices')} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('defaultValue')}
          hint={t(
            `defaultHint.${draft.type === 'boolean' || draft.type === 'json' ? draft.type : 'other'}`,
          )}
          error={defaultError ? t(`error.${defaultError}`) : undefined}
        >
          <Input
            value={draft.defaultValue}
            className="font-mono"
            onChange={(e) => set({ defaultValue: e.target.value })}
          />
        </FormField>
        {draft.type === 'string' && (
          <FormField label={t('maxLength')} hint={t('maxLengthHint')}>
            <Input
              type="number"
              min={1}
              value={draft.maxLength}
              onChange={(e) => set({ maxLength: e.target.value })}
            />
          </FormField>
        )}
        {STRING_TYPES.has(draft.type) && (
          <FormField label={t('pattern')} hint={t('patternHint')}>
            <Input
              value={draft.pattern}
              className="font-mono"
              placeholder="^[A-Z].*$"
              onChange={(e) => set({ pattern: e.target.value })}
            />
          </FormField>
        )}
      </div>
      {numeric && (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label={t('min')}
            error={errors.includes('range') ? t('error.range') : undefined}
          >
            <Input type="number" value={draft.min} onChange={(e) => set({ min: e.target.value })} />
          </FormField>
          <FormField label={t('max')}>
            <Input type="number" value={draft.max} onChange={(e) => set({ max: e.target.value })} />
          </FormField>
          <FormField label={t('step')}>
            <Input
              type="number"
              value={draft.step}
              onChange={(e) => set({ step: e.target.value })}
            />
          </FormField>
        </div>
      )}
      {(numeric || STRING_TYPES.has(draft.type)) && (
        <FormField label={t('validationMessage')} hint={t('validationMessageHint')}>
          <Input
            value={draft.validationMessage}
            onChange={(e) => set({ validationMessage: e.target.value })}
          />
        </FormField>
      )}
    </div>
  );
}

function ChoicesEditor({
  draft,
  set,
  invalid,
}: {
  draft: FieldDraft;
  set: (patch: Partial<FieldDraft>) => void;
  invalid: boolean;
}) {
  const t = useTranslations('FieldEditor');
  const update = (index: number, patch: Partial<FieldDraft['choices'][number]>) =>
    set({ choices: draft.choices.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('choices')}</legend>
      {draft.choices.length === 0 && (
        <p className="text-xs text-muted-foreground">{t('choicesEmpty')}</p>
      )}
      {draft.choices.map((choice, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            aria-label={t('choiceValue', { n: index + 1 })}
            placeholder={t('choiceValuePlaceholder')}
            value={choice.value}
            aria-invalid={invalid && choice.value.trim() === '' ? true : undefined}
            className="font-mono"
            onChange={(e) => update(index, { value: e.target.value })}
          />
          <Input
            aria-label={t('choiceText', { n: index + 1 })}
            placeholder={t('choiceTextPlaceholder')}
            value={choice.text}
            onChange={(e) => update(index, { text: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('removeChoice', { n: index + 1 })}
            onClick={() => set({ choices: draft.choices.filter((_, i) => i !== index) })}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      {invalid && <p className="text-xs font-medium text-destructive">{t('error.choices')}</p>}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => set({ choices: [...draft.choices, { text: '', value: '' }] })}
      >
        <Plus aria-hidden />
        {t('addChoice')}
      </Button>
    </fieldset>
  );
}
