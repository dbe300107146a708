'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { checkIdentifier, isValidIdentifier } from '@/lib/client/collections/identifier-rules';
import { useSchemaSave } from './use-schema-save';
import type {
  Collection,
  Field,
  InterfaceDefinition,
  ReferentialAction,
} from '@/lib/client/collections/schema-types';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { fixedRelatedOf, type RelationKind } from '@/lib/client/relations/interface-relation';
import {
  junctionKeys,
  junctionName,
  planManyToMany,
  planManyToOne,
  planOneToMany,
  type KeyType,
  type SetupStep,
} from '@/components/studio/collections/relation-plan';
import { useRelationSetupMutation } from '@/lib/client/relations/relation-setup-mutation';
import { FieldSelect, NONE } from './field-select';
import { OnDeleteSelect } from './on-delete-select';
import { SetupNameInput, SetupStatus } from './setup-parts';

// Collections a relation may point at besides the user's own: people and files.
const SYSTEM_TARGETS = ['daas_users', 'daas_files'];

function keyTypeOf(fields: readonly Field[] | undefined): KeyType | null {
  const pk = fields?.find((f) => f.schema?.is_primary_key);
  return pk ? (pk.type as KeyType) : null;
}

export function RelationForm({
  kind,
  iface,
  collection,
  collections,
  fields,
  onDone,
}: {
  kind: RelationKind;
  iface: InterfaceDefinition;
  collection: Collection;
  collections: Collection[];
  fields: Field[];
  onDone: () => void;
}) {
  const t = useTranslations('Relations');
  const self = collection.collection;
  const fixed = fixedRelatedOf(iface);
  const [name, setName] = useState('');
  const [related, setRelated] = useState(
    fixed ?? (iface.id === 'list-o2m-tree-view' ? self : NONE),
  );
  const [reverse, setReverse] = useState('');
  const [foreignKey, setForeignKey] = useState('');
  const [junction, setJunction] = useState('');
  const [onDelete, setOnDelete] = useState<ReferentialAction>(
    kind === 'm2m' ? 'CASCADE' : 'SET NULL',
  );
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [current, setCurrent] = useState(-1);
  const setup = useSchemaSave(useRelationSetupMutation(setCurrent), (v) => ({
    key: 'relationCreated',
    name: v.name,
  }));
  const relatedFields = useFieldsQuery(related === NONE ? '' : related);

  const hasTable = (c: Collection) => c.schema !== null && c.type === 'table';
  const targets = collections
    .filter(
      (c) =>
        hasTable(c) &&
        (kind === 'o2m' ? !c.system : !c.system || SYSTEM_TARGETS.includes(c.collection)),
    )
    .map((c) => c.collection);
  const chosen = related !== NONE;
  const relatedSystem = collections.find((c) => c.collection === related)?.system ?? false;
  const fkName = foreignKey || `${self}_id`.slice(0, 63);
  const junctionValue = junction || (chosen ? junctionName(self, related) : '');
  const nameRules = checkIdentifier(name, 'field', new Set(fields.map((f) => f.field)));
  const relatedTaken = new Set((relatedFields.data ?? []).map((f) => f.field));
  const collectionNames = new Set(collections.map((c) => c.collection));

  const problems: string[] = [];
  if (!nameRules.every((r) => r.ok)) problems.push(t('problem.name'));
  if (!chosen) problems.push(t('problem.related'));
  if (
    kind === 'm2o' &&
    reverse &&
    (!isValidIdentifier(reverse, 'field', relatedTaken) || relatedSystem)
  ) {
    problems.push(t('problem.reverse'));
  }
  if (kind === 'o2m' && chosen && !isValidIdentifier(fkName, 'field', relatedTaken)) {
    problems.push(t('problem.foreignKey', { name: fkName, related }));
  }
  if (
    kind === 'm2m' &&
    chosen &&
    !isValidIdentifier(junctionValue, 'collection', collectionNames)
  ) {
    problems.push(t('problem.junction', { name: junctionValue }));
  }
  const ownKey = keyTypeOf(fields);
  const relatedKey = keyTypeOf(relatedFields.data);
  if (chosen && relatedFields.isSuccess && !relatedKey)
    problems.push(t('problem.noKey', { related }));
  if (chosen && relatedFields.isError) problems.push(t('problem.unreadable', { related }));

  function plan(): SetupStep[] {
    const extras = { note: note.trim() || null, sort: fields.length + 1 };
    if (kind === 'm2o') {
      return planManyToOne({
        collection: self,
        field: name,
        related,
        keyType: relatedKey!,
        onDelete,
        reverseField: reverse || null,
        extras,
        iface: iface.id,
      });
    }
    if (kind === 'o2m') {
      return planOneToMany({
        collection: self,
        field: name,
        related,
        foreignKey: fkName,
        keyType: ownKey!,
        onDelete,
        extras,
      });
    }
    return planManyToMany({
      collection: self,
      field: name,
      related,
      junction: junctionValue,
      keys: junctionKeys(self, related),
      keyTypes: [ownKey!, relatedKey!],
      onDelete,
      extras,
    });
  }

  const steps = chosen && relatedKey && ownKey && name ? plan() : [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problems.length || !steps.length) return;
    setup.mutate({ steps, name }, { onSuccess: onDone });
  }

  const started = setup.isPending || setup.isError;
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <fieldset disabled={started} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t(`legend.${kind}`)}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {t(`explain.${kind}`, { collection: self })}
        </p>
        <SetupNameInput
          id="relation-name-rules"
          value={name}
          onChange={setName}
          rules={nameRules}
          touched={touched}
        />
        {fixed !== null ? (
          // A file or image field always links to the file library: nothing to choose.
          <p className="self-end text-sm text-muted-foreground">
            {t('fixedRelated', { related: fixed })}
          </p>
        ) : (
          <FieldSelect
            label={t('related')}
            value={related}
            onChange={setRelated}
            options={targets}
            allowNone={false}
            required
            error={touched && !chosen ? t('problem.related') : undefined}
          />
        )}
        {kind === 'm2o' && !relatedSystem && (
          <FormField
            label={t('reverse')}
            hint={t('reverseHint', { related: chosen ? related : '…' })}
          >
            <Input
              value={reverse}
              className="font-mono"
              onChange={(e) => setReverse(e.target.value)}
            />
          </FormField>
        )}
        {kind === 'o2m' && (
          <FormField
            label={t('foreignKey')}
            hint={t('foreignKeyHint', { related: chosen ? related : '…' })}
          >
            <Input
              value={foreignKey}
              placeholder={fkName}
              className="font-mono"
              onChange={(e) => setForeignKey(e.target.value)}
            />
          </FormField>
        )}
        {kind === 'm2m' && (
          <FormField label={t('junction')} hint={t('junctionHint')}>
            <Input
              value={junction}
              placeholder={junctionValue}
              className="font-mono"
              onChange={(e) => setJunction(e.target.value)}
            />
          </FormField>
        )}
        <OnDeleteSelect
          label={t(kind === 'm2m' ? 'onDeleteJunction' : 'onDeleteLabel', {
            related: chosen ? related : '…',
          })}
          related={chosen ? related : '…'}
          value={onDelete}
          onChange={setOnDelete}
        />
        <FormField label={t('note')} className="sm:col-span-2">
          <Input value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </fieldset>
      <SetupStatus
        steps={steps}
        current={current}
        setup={setup}
        problems={problems}
        touched={touched}
        onDone={onDone}
        loading={chosen && relatedFields.isPending}
      />
    </form>
  );
}
