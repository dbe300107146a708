'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
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
import {
  OPTIONAL_FIELD_ORDER,
  type OptionalField,
  type PrimaryKeyKind,
} from '@/lib/client/collections/collection-payload';
import { useCollectionCreateMutation } from '@/lib/client/collections/collection-create-mutation';
import {
  checkIdentifier,
  isValidIdentifier,
  toIdentifier,
} from '@/lib/client/collections/identifier-rules';
import { useErrorMessage } from '../kit/use-error-message';
import { useSchemaSave } from './use-schema-save';
import type { Collection } from '@/lib/client/collections/schema-types';
import { useRouter } from '@/lib/i18n/navigation';
import { ChoiceGroup } from './choice-group';
import { NameRules } from './name-rules';

const NO_FOLDER = '__none__';

export function CreateCollectionDialog({
  open,
  onOpenChange,
  existing,
  folders,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existing: Collection[];
  folders: string[];
}) {
  const t = useTranslations('CreateCollection');
  const router = useRouter();
  const errorText = useErrorMessage();
  const create = useSchemaSave(useCollectionCreateMutation(), (draft) => ({
    key: 'collectionCreated',
    name: draft.name,
  }));
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'collection' | 'folder'>('collection');
  const [primaryKey, setPrimaryKey] = useState<PrimaryKeyKind>('integer');
  const [optional, setOptional] = useState<OptionalField[]>([]);
  const [group, setGroup] = useState(NO_FOLDER);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);

  const taken = new Set(existing.map((c) => c.collection));
  const rules = checkIdentifier(name, 'collection', taken);
  const valid = rules.every((r) => r.ok);
  const suggestion = toIdentifier(name);
  const suggest =
    !valid && suggestion !== name && isValidIdentifier(suggestion, 'collection', taken);

  function reset() {
    setName('');
    setKind('collection');
    setPrimaryKey('integer');
    setOptional([]);
    setGroup(NO_FOLDER);
    setNote('');
    setTouched(false);
    create.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    create.mutate(
      {
        name,
        folder: kind === 'folder',
        primaryKey,
        optional,
        note: note.trim() || undefined,
        group: group === NO_FOLDER ? null : group,
      },
      {
        onSuccess: () => {
          onOpenChange(false);
          reset();
          if (kind === 'collection') router.push(`/collections/${encodeURIComponent(name)}`);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <ChoiceGroup
            legend={t('kind')}
            value={kind}
            onChange={setKind}
            options={[
              { value: 'collection', label: t('kindCollection'), hint: t('kindCollectionHint') },
              { value: 'folder', label: t('kindFolder'), hint: t('kindFolderHint') },
            ]}
          />
          <Field
            label={t('name')}
            required
            error={touched && !valid ? t('nameInvalid') : undefined}
          >
            {(control) => (
              <>
                <Input
                  {...control}
                  aria-describedby={[control['aria-describedby'], 'collection-name-rules']
                    .filter(Boolean)
                    .join(' ')}
                  value={name}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="articles"
                  className="font-mono"
                  onChange={(e) => setName(e.target.value)}
                />
                <NameRules id="collection-name-rules" results={rules} />
                {suggest && (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto w-fit p-0"
                    onClick={() => setName(suggestion)}
                  >
                    {t('useSuggestion', { name: suggestion })}
                  </Button>
                )}
              </>
            )}
          </Field>
          {kind === 'collection' && (
            <>
              <ChoiceGroup
                legend={t('primaryKey')}
                value={primaryKey}
                onChange={setPrimaryKey}
                options={[
                  { value: 'integer', label: t('pkInteger'), hint: t('pkIntegerHint') },
                  { value: 'uuid', label: t('pkUuid'), hint: t('pkUuidHint') },
                  { value: 'string', label: t('pkString'), hint: t('pkStringHint') },
                ]}
              />
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">{t('optionalFields')}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {OPTIONAL_FIELD_ORDER.map((f) => (
                    <div key={f} className="flex items-start gap-2.5">
                      <Checkbox
                        id={`optional-${f}`}
                        checked={optional.includes(f)}
                        onCheckedChange={(checked) =>
                          setOptional((list) =>
                            checked === true ? [...list, f] : list.filter((x) => x !== f),
                          )
                        }
                        aria-describedby={`optional-${f}-hint`}
                      />
                      <div className="flex flex-col">
                        <Label htmlFor={`optional-${f}`}>{t(`optional.${f}`)}</Label>
                        <span id={`optional-${f}-hint`} className="text-xs text-muted-foreground">
                          {t(`optionalHint.${f}`)}
                        </span>
                      </div>
                    </div>
                  ))}
                </div>
              </fieldset>
            </>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('folder')} hint={t('folderHint')}>
              {(control) => (
                <Select value={group} onValueChange={setGroup}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_FOLDER}>{t('noFolder')}</SelectItem>
                    {folders.map((f) => (
                      <SelectItem key={f} value={f}>
                        {f}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label={t('note')}>
              <Input value={note} onChange={(e) => setNote(e.target.value)} />
            </Field>
          </div>
          {create.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorText(create.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              {kind === 'folder' ? t('submitFolder') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
