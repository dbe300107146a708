'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { checkIdentifier } from '@/lib/client/collections/identifier-rules';
import { useErrorMessage } from '../kit/use-error-message';
import { useSchemaSave } from './use-schema-save';
import type { Field, InterfaceDefinition, Relation } from '@/lib/client/collections/schema-types';
import {
  createBody,
  draftErrors,
  draftFromField,
  emptyDraft,
  isAliasInterface,
  updateBody,
  type FieldDraft,
} from '@/components/studio/collections/field-draft';
import { useFieldCreateMutation } from '@/lib/client/fields/field-create-mutation';
import { useFieldUpdateMutation } from '@/lib/client/fields/field-update-mutation';
import { compatibleInterfaces } from '@/lib/client/fields/interface-compat';
import { relationOf } from '@/lib/client/relations/relation-kind';
import { FieldLayoutOptions } from './field-layout-options';
import { FieldOptions } from './field-options';
import { NameRules } from './name-rules';
import { OnDeleteEditor } from './on-delete-editor';
import { SortFieldEditor } from './sort-field-editor';
import { useInterfaceName } from './interface-name';

type Flag = 'required' | 'readonly' | 'hidden' | 'unique';

export function FieldForm({
  iface,
  collection,
  fields,
  relations,
  editing,
  interfaces = [],
  onDone,
}: {
  iface: InterfaceDefinition;
  collection: string;
  fields: Field[];
  relations: Relation[];
  editing: Field | null;
  /** The catalogue: an existing field may switch to a compatible interface. */
  interfaces?: readonly InterfaceDefinition[];
  onDone: () => void;
}) {
  const t = useTranslations('FieldEditor');
  const interfaceName = useInterfaceName();
  const errorText = useErrorMessage();
  const create = useSchemaSave(useFieldCreateMutation(), (v) => ({
    key: 'fieldCreated',
    name: v.body.field,
  }));
  const update = useSchemaSave(useFieldUpdateMutation(), (v) => ({
    key: 'fieldUpdated',
    name: v.field,
  }));
  const [draft, setDraft] = useState<FieldDraft>(() =>
    editing ? draftFromField(editing) : emptyDraft(iface.id, iface.types[0] ?? 'string'),
  );
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const taken = new Set(fields.map((f) => f.field));
  const rules = checkIdentifier(draft.field, 'field', editing ? undefined : taken);
  const nameValid = editing !== null || rules.every((r) => r.ok);
  const errors = draftErrors(draft);
  const alias = editing ? !editing.schema : isAliasInterface(iface.id);
  const relation = editing ? relationOf(collection, editing.field, relations) : null;
  const switchable = editing ? compatibleInterfaces(interfaces, editing, relation) : [];
  // The options and types shown follow the interface chosen, which editing may change.
  const chosen = switchable.find((i) => i.id === draft.interface) ?? iface;
  const mutation = editing ? update : create;
  const flags: Flag[] = alias ? ['hidden'] : ['required', 'readonly', 'hidden', 'unique'];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!nameValid || errors.length) return;
    if (editing) {
      update.mutate(
        { collection, field: editing.field, body: updateBody(draft, editing) },
        { onSuccess: onDone },
      );
    } else {
      const sort = fields.length + 1;
      create.mutate({ collection, body: createBody(draft, sort) }, { onSuccess: onDone });
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('name')}
          required
          error={touched && !nameValid ? t('nameInvalid') : undefined}
        >
          {(control) => (
            <>
              <Input
                {...control}
                aria-describedby={[control['aria-describedby'], 'field-name-rules']
                  .filter(Boolean)
                  .join(' ')}
                value={draft.field}
                readOnly={editing !== null}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                onChange={(e) => set({ field: e.target.value })}
              />
              {!editing && <NameRules id="field-name-rules" results={rules} />}
            </>
          )}
        </FormField>
        {editing && switchable.length > 1 && (
          <FormField label={t('interfaceLabel')} hint={t('interfaceHint')}>
            {(control) => (
              <Select value={draft.interface} onValueChange={(id) => set({ interface: id })}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {switchable.map((i) => (
                    <SelectItem key={i.id} value={i.id}>
                      {interfaceName(i)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
        {!alias && (
          <FormField label={t('type')} hint={t('typeHint', { interface: interfaceName(chosen) })}>
            {(control) => (
              <Select value={draft.type} onValueChange={(type) => set({ type })}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[...new Set([...chosen.types, draft.type])].map((type) => (
                    <SelectItem key={type} value={type}>
                      {type}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      </div>
      {!alias && <FieldOptions draft={draft} set={set} errors={touched ? errors : []} />}
      <FormField label={t('note')} hint={t('noteHint')}>
        <Input value={draft.note} onChange={(e) => set({ note: e.target.value })} />
      </FormField>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-3">
        <legend className="mb-2 text-sm font-medium">{t('flags')}</legend>
        {flags.map((flag) => (
          <div key={flag} className="flex items-center gap-2">
            <Checkbox
              id={`flag-${flag}`}
              checked={draft[flag]}
              onCheckedChange={(c) => set({ [flag]: c === true })}
            />
            <Label htmlFor={`flag-${flag}`}>{t(`flag.${flag}`)}</Label>
          </div>
        ))}
      </fieldset>
      <FieldLayoutOptions
        draft={draft}
        set={set}
        fields={fields}
        alias={alias && !relation}
        touched={touched}
      />
      {relation?.kind === 'm2o' && relation.relation.schema && (
        <OnDeleteEditor relation={relation.relation} />
      )}
      {(relation?.kind === 'o2m' || relation?.kind === 'm2m') && (
        <SortFieldEditor relation={relation} />
      )}
      {mutation.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorText(mutation.error)}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          {editing ? t('save') : t('create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
