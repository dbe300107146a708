'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { checkIdentifier, isValidIdentifier } from '@/lib/client/collections/identifier-rules';
import type { Collection, Field } from '@/lib/client/collections/schema-types';
import { useRelationSetupMutation } from '@/lib/client/relations/relation-setup-mutation';
import { planManyToAny } from './junction-plans';
import type { KeyType } from './relation-plan';
import { SetupNameInput, SetupStatus } from './setup-parts';
import { useSchemaSave } from './use-schema-save';

/**
 * A many-to-any (builder) field in one step: pick the collections a block may come from;
 * the junction holding each block's collection, key and place is made for you.
 */
export function ManyToAnyForm({
  collection,
  collections,
  fields,
  onDone,
}: {
  collection: Collection;
  collections: Collection[];
  fields: Field[];
  onDone: () => void;
}) {
  const t = useTranslations('BlocksSetup');
  const self = collection.collection;
  const targets = collections
    // Hidden collections are junctions and the like: not something to build pages from.
    .filter((c) => !c.system && c.schema !== null && c.type === 'table' && !c.meta?.hidden)
    .map((c) => c.collection);
  const names = new Set(collections.map((c) => c.collection));
  const [name, setName] = useState('');
  const [allowed, setAllowed] = useState<string[]>([]);
  const [junction, setJunction] = useState('');
  const [touched, setTouched] = useState(false);
  const [current, setCurrent] = useState(-1);
  const setup = useSchemaSave(useRelationSetupMutation(setCurrent), (v) => ({
    key: 'relationCreated',
    name: v.name,
  }));
  const junctionValue = junction || (name ? `${self}_${name}`.slice(0, 63) : '');
  const nameRules = checkIdentifier(name, 'field', new Set(fields.map((f) => f.field)));
  const ownKey = fields.find((f) => f.schema?.is_primary_key)?.type as KeyType | undefined;

  const problems: string[] = [];
  if (!nameRules.every((r) => r.ok)) problems.push(t('problem.name'));
  if (allowed.length === 0) problems.push(t('problem.allowed'));
  if (junctionValue && !isValidIdentifier(junctionValue, 'collection', names))
    problems.push(t('problem.junction', { name: junctionValue }));
  if (!ownKey) problems.push(t('problem.noKey', { collection: self }));

  const steps =
    ownKey && name && allowed.length
      ? planManyToAny({
          collection: self,
          field: name,
          keyType: ownKey,
          junction: junctionValue,
          allowed,
          extras: { sort: fields.length + 1 },
        })
      : [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problems.length || !steps.length) return;
    setup.mutate({ steps, name }, { onSuccess: onDone });
  }

  const toggle = (c: string, on: boolean) =>
    setAllowed((prev) => (on ? [...prev, c] : prev.filter((x) => x !== c)));
  const started = setup.isPending || setup.isError;
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <fieldset disabled={started} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {t('explain', { collection: self })}
        </p>
        <SetupNameInput
          id="m2a-name-rules"
          value={name}
          onChange={setName}
          rules={nameRules}
          touched={touched}
        />
        <FormField label={t('junction')} hint={t('junctionHint')}>
          <Input
            value={junction}
            placeholder={junctionValue}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setJunction(e.target.value)}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">{t('allowed')}</legend>
          {targets.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('noTargets')}</p>
          )}
          <div className="grid gap-2 sm:grid-cols-3">
            {targets.map((c) => (
              <div key={c} className="flex items-center gap-2">
                <Checkbox
                  id={`m2a-allowed-${c}`}
                  checked={allowed.includes(c)}
                  onCheckedChange={(on) => toggle(c, on === true)}
                />
                <Label htmlFor={`m2a-allowed-${c}`} className="font-mono">
                  {c}
                </Label>
              </div>
            ))}
          </div>
          {touched && allowed.length === 0 && (
            <p className="text-xs font-medium text-destructive">{t('problem.allowed')}</p>
          )}
        </fieldset>
      </fieldset>
      <SetupStatus
        steps={steps}
        current={current}
        setup={setup}
        problems={problems}
        touched={touched}
        onDone={onDone}
      />
    </form>
  );
}
