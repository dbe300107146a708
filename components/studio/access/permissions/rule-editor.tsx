'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { PermissionAction, PermissionRule } from '@/lib/client/access/types';
import { useRuleDeleteMutation } from '@/lib/client/permissions/rule-delete-mutation';
import { useRuleSaveMutation } from '@/lib/client/permissions/rule-save-mutation';
import { FilterBuilder } from '@/components/studio/kit/filter-builder';
import { FieldChecklist } from './field-checklist';
import { JsonObjectField } from './json-object-field';
import { parseJsonObject, ruleState, toJsonText, type RuleState } from './rule-state';

export const DYNAMIC_VALUES = [
  '$CURRENT_USER',
  '$CURRENT_ROLE',
  '$CURRENT_ROLES',
  '$CURRENT_POLICIES',
  '$NOW',
];

/** One cell of the matrix: no access, all access, or fields, item filter, validation, presets. */
export function RuleEditor({
  policy,
  collection,
  action,
  rule,
  onClose,
}: {
  policy: string;
  collection: string;
  action: PermissionAction;
  rule: PermissionRule | undefined;
  onClose: () => void;
}) {
  const t = useTranslations('Access.rule');
  const tm = useTranslations('Access.matrix');
  const save = useSave(useRuleSaveMutation(), { saved: t('saved'), inline: true });
  const remove = useSave(useRuleDeleteMutation(), { saved: t('saved'), inline: true });
  const [mode, setMode] = useState<RuleState>(ruleState(rule));
  const [fields, setFields] = useState<string[]>(rule?.fields ?? ['*']);
  const [filter, setFilter] = useState<Record<string, unknown> | null>(rule?.permissions ?? null);
  const [validation, setValidation] = useState(toJsonText(rule?.validation ?? null));
  const [presets, setPresets] = useState(toJsonText(rule?.presets ?? null));
  const [problem, setProblem] = useState<string | null>(null);
  const pending = save.isPending || remove.isPending;
  // Reads have no validation or presets; deletes have no fields either.
  const writes = action === 'create' || action === 'update';
  const hasFields = action !== 'delete';

  const done = onClose;

  function submit() {
    if (mode === 'none') {
      if (!rule) return onClose();
      return remove.mutate([rule.id], { onSuccess: done });
    }
    const parsed = [validation, presets].map(parseJsonObject);
    if (parsed.some((p) => p.error)) return setProblem(t('fixJson'));
    if (mode === 'custom' && hasFields && fields.length === 0) return setProblem(t('noFields'));
    setProblem(null);
    const custom = mode === 'custom';
    save.mutate(
      {
        id: rule?.id,
        input: {
          policy,
          collection,
          action,
          fields: custom && hasFields ? fields : ['*'],
          permissions: custom && filter && Object.keys(filter).length ? filter : null,
          validation: custom && writes ? parsed[0]!.value : null,
          presets: custom && writes ? parsed[1]!.value : null,
        },
      },
      { onSuccess: done },
    );
  }

  const error = problem ?? save.message ?? remove.message;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('title', { collection, action: tm(`action.${action}`) })}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        {error && <FormAlert>{error}</FormAlert>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('mode')}</legend>
          {(['none', 'all', 'custom'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rule-mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
                className="size-4 accent-primary"
              />
              {tm(`state.${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'custom' && (
          <div className="flex flex-col gap-5">
            {hasFields && (
              <FieldChecklist collection={collection} value={fields} onChange={setFields} />
            )}
            <section className="flex flex-col gap-2" aria-labelledby="rule-filter-label">
              <h3 id="rule-filter-label" className="text-sm font-medium">
                {t('filter')}
              </h3>
              <p className="text-xs text-muted-foreground">
                {t('filterHint', { values: DYNAMIC_VALUES.join(', ') })}
              </p>
              <FilterBuilder
                collection={collection}
                value={filter}
                onChange={setFilter}
                dynamicValues
              />
            </section>
            {writes && (
              <>
                <JsonObjectField
                  label={t('validation')}
                  hint={t('validationHint')}
                  value={validation}
                  onChange={setValidation}
                  placeholder='{"title": {"_nnull": true}}'
                />
                <JsonObjectField
                  label={t('presets')}
                  hint={t('presetsHint')}
                  value={presets}
                  onChange={setPresets}
                  placeholder='{"status": "draft"}'
                />
              </>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="button" onClick={submit} disabled={pending}>
            {pending && <Spinner />}
            {t('save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
