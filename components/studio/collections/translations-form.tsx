'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field as FormField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { checkIdentifier, isValidIdentifier } from '@/lib/client/collections/identifier-rules';
import type { Collection, Field } from '@/lib/client/collections/schema-types';
import { useFieldsQuery } from '@/lib/client/fields/fields-query';
import { useRelationSetupMutation } from '@/lib/client/relations/relation-setup-mutation';
import { FieldSelect } from './field-select';
import { fieldNames, planTranslations, translationsJunction } from './junction-plans';
import type { KeyType } from './relation-plan';
import { SetupNameInput, SetupStatus } from './setup-parts';
import { useSchemaSave } from './use-schema-save';

/** The select's entry for a languages collection made along with the field. */
const NEW = '__new__';

const keyTypeOf = (fields: readonly Field[] | undefined): KeyType | null =>
  (fields?.find((f) => f.schema?.is_primary_key)?.type as KeyType | undefined) ?? null;

/**
 * A translations field in one step: pick the languages collection or name a new one (made
 * with `code`, `name` and `direction`, filled with common languages if asked, as Directus
 * does), optionally name the fields to translate; the junction is made for you.
 */
export function TranslationsForm({
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
  const t = useTranslations('TranslationsSetup');
  const self = collection.collection;
  const userTables = collections.filter(
    (c) => !c.system && c.schema !== null && c.type === 'table',
  );
  const names = new Set(collections.map((c) => c.collection));
  const [name, setName] = useState('translations');
  const [languages, setLanguages] = useState(names.has('languages') ? 'languages' : NEW);
  const [newName, setNewName] = useState('languages');
  const [seed, setSeed] = useState(true);
  const [translated, setTranslated] = useState('');
  const [touched, setTouched] = useState(false);
  const [current, setCurrent] = useState(-1);
  const setup = useSchemaSave(useRelationSetupMutation(setCurrent), (v) => ({
    key: 'relationCreated',
    name: v.name,
  }));
  const creating = languages === NEW;
  const languagesName = creating ? newName : languages;
  const languageFields = useFieldsQuery(creating ? null : languages);
  const junction = translationsJunction(self);
  const nameRules = checkIdentifier(name, 'field', new Set(fields.map((f) => f.field)));
  const translatedNames = fieldNames(translated);
  const ownKey = keyTypeOf(fields);
  const languageKey = creating ? 'string' : keyTypeOf(languageFields.data);

  const problems: string[] = [];
  if (!nameRules.every((r) => r.ok)) problems.push(t('problem.name'));
  if (creating && !isValidIdentifier(newName, 'collection', names))
    problems.push(t('problem.languages', { name: newName }));
  if (names.has(junction)) problems.push(t('problem.junction', { name: junction }));
  const reserved = new Set(['id', `${self}_id`, `${languagesName}_code`]);
  const badField = translatedNames.find(
    (f) => !isValidIdentifier(f, 'field', reserved) || f.length > 63,
  );
  if (badField) problems.push(t('problem.translated', { name: badField }));
  if (!ownKey) problems.push(t('problem.noKey', { collection: self }));
  if (!creating && languageFields.isSuccess && !languageKey)
    problems.push(t('problem.noKey', { collection: languages }));
  if (!creating && languageFields.isError)
    problems.push(t('problem.unreadable', { collection: languages }));

  const steps =
    ownKey && languageKey && name && languagesName
      ? planTranslations({
          collection: self,
          field: name,
          keyType: ownKey,
          languages: languagesName,
          languageKeyType: languageKey,
          createLanguages: creating,
          seedLanguages: creating && seed,
          translated: translatedNames,
          extras: { sort: fields.length + 1 },
        })
      : [];

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
        <legend className="sr-only">{t('legend')}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {t('explain', { collection: self, junction })}
        </p>
        <SetupNameInput
          id="translations-name-rules"
          value={name}
          onChange={setName}
          rules={nameRules}
          touched={touched}
        />
        <FieldSelect
          label={t('languages')}
          hint={t('languagesHint')}
          value={languages}
          onChange={setLanguages}
          options={[NEW, ...userTables.map((c) => c.collection).filter((c) => c !== self)]}
          labels={{ [NEW]: t('newLanguages') }}
          allowNone={false}
          required
        />
        {creating && (
          <>
            <FormField label={t('newName')} required>
              <Input
                value={newName}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setNewName(e.target.value)}
              />
            </FormField>
            <div className="flex items-center gap-2 self-end pb-2">
              <Checkbox
                id="translations-seed"
                checked={seed}
                onCheckedChange={(c) => setSeed(c === true)}
              />
              <Label htmlFor="translations-seed">{t('seed')}</Label>
            </div>
          </>
        )}
        <FormField
          label={t('translated')}
          hint={t('translatedHint', { junction })}
          className="sm:col-span-2"
        >
          <Input
            value={translated}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            placeholder="title, summary"
            onChange={(e) => setTranslated(e.target.value)}
          />
        </FormField>
      </fieldset>
      <SetupStatus
        steps={steps}
        current={current}
        setup={setup}
        problems={problems}
        touched={touched}
        onDone={onDone}
        loading={!creating && languageFields.isPending}
      />
    </form>
  );
}
