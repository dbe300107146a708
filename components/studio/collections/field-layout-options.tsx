'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field as FormField } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { Field } from '@/lib/client/collections/schema-types';
import { parseConditions } from '@/lib/client/fields/conditions';
import { layoutOptionsOf, type FieldDraft } from './field-draft';

const WIDTHS = ['half', 'full', 'fill'] as const;
const NO_GROUP = '__none';
const GROUP_INTERFACES = new Set(['group-raw', 'group-detail', 'group-accordion']);

/**
 * Where the field shows in the item form and when: its width, the group it sits in, its
 * conditions (JSON, checked as typed) and, for presentation and group fields, their options.
 */
export function FieldLayoutOptions({
  draft,
  set,
  fields,
  alias,
  touched,
}: {
  draft: FieldDraft;
  set: (patch: Partial<FieldDraft>) => void;
  /** The collection's fields, for the groups this one may sit in. */
  fields: Field[];
  alias: boolean;
  touched: boolean;
}) {
  const t = useTranslations('FieldConditions');
  const groups = fields.filter(
    (f) => !f.schema && GROUP_INTERFACES.has(f.meta?.interface ?? '') && f.field !== draft.field,
  );
  const parsed = parseConditions(draft.conditions);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const problemText = problem
    ? t(`problem.${problem.kind}`, {
        index: 'index' in problem ? problem.index + 1 : 0,
        key: 'key' in problem ? problem.key : '',
      })
    : undefined;
  const example = JSON.stringify(
    [{ name: 'Hidden for drafts', rule: { status: { _eq: 'draft' } }, hidden: true }],
    null,
    2,
  );

  return (
    <fieldset className="flex flex-col gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{t('title')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('width')} hint={t('widthHint')}>
          {(control) => (
            <Select value={draft.width || 'full'} onValueChange={(width) => set({ width })}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {WIDTHS.map((w) => (
                  <SelectItem key={w} value={w}>
                    {t(`widthOption.${w}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        {(groups.length > 0 || draft.group) && (
          <FormField label={t('group')} hint={t('groupHint')}>
            {(control) => (
              <Select
                value={draft.group || NO_GROUP}
                onValueChange={(g) => set({ group: g === NO_GROUP ? '' : g })}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_GROUP}>{t('noGroup')}</SelectItem>
                  {[...new Set([...groups.map((g) => g.field), draft.group].filter(Boolean))].map(
                    (g) => (
                      <SelectItem key={g} value={g}>
                        {g}
                      </SelectItem>
                    ),
                  )}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      </div>
      {alias && (
        <FormField
          label={t('options')}
          hint={t('optionsHint')}
          error={touched && layoutOptionsOf(draft) === undefined ? t('optionsInvalid') : undefined}
        >
          <Textarea
            rows={4}
            spellCheck={false}
            className="font-mono text-xs"
            value={draft.layoutOptions}
            onChange={(e) => set({ layoutOptions: e.target.value })}
          />
        </FormField>
      )}
      <FormField label={t('label')} hint={t('hint')} error={problemText}>
        <Textarea
          rows={6}
          spellCheck={false}
          className="font-mono text-xs"
          value={draft.conditions}
          placeholder={example}
          onChange={(e) => set({ conditions: e.target.value })}
        />
      </FormField>
      {!draft.conditions.trim() && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => set({ conditions: example })}
        >
          {t('example')}
        </Button>
      )}
    </fieldset>
  );
}
