'use client';

import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useId, useState, type FormEvent } from 'react';
import { LeaveDialog, useLeaveGuard } from '@/components/studio/kit/leave-guard';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { PageHeader } from '@/components/studio/kit/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useRuntimeSaveMutation } from '@/lib/client/runtime/runtime-save-mutation';
import {
  EXTENSION_TYPES,
  type Extension,
  type ExtensionInput,
  type ExtensionType,
} from '@/lib/client/runtime/types';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { SwitchField } from '../../kit/form-parts';
import { useSave } from '../../kit/use-save';
import { DeleteButton } from '../delete-button';
import { useRuntimeFieldWords } from '../field-words';
import { When } from '../when';
import { EndpointUrl } from './endpoint-url';
import { RunAsPicker } from './run-as-picker';
import { isTemplate, TEMPLATES } from './templates';

const CodeEditor = dynamic(() => import('../code-editor').then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full" />,
});

const NAME = /^[a-z][a-z0-9-]*$/;

/** Creates an extension, or edits one: its module source and how the runtime uses it. */
export function ExtensionEditor({ extension }: { extension?: Extension }) {
  const t = useTranslations('Extensions');
  const router = useRouter();
  const save = useSave(useRuntimeSaveMutation<ExtensionInput, Extension>('extensions'), {
    saved: (_vars, row) => t('saved', { name: row.name }),
    inline: true,
    mapFields: useRuntimeFieldWords(),
  });
  const errors = save.errors;
  const [name, setName] = useState(extension?.name ?? '');
  const [type, setType] = useState<ExtensionType>(extension?.type ?? 'endpoint');
  const [source, setSource] = useState(extension?.source ?? TEMPLATES.endpoint);
  const [enabled, setEnabled] = useState(extension?.enabled ?? true);
  const [runAs, setRunAs] = useState(extension?.run_as ?? null);
  const formId = useId();
  // What was last saved (or loaded): leaving with anything else asks first.
  const values = JSON.stringify([name, type, source, enabled, runAs]);
  const [savedValues, setSavedValues] = useState(values);
  const guard = useLeaveGuard(values !== savedValues && !save.isPending);

  function changeType(next: ExtensionType) {
    if (isTemplate(source)) setSource(TEMPLATES[next]);
    setType(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (!NAME.test(name)) fields.name = t('nameRule');
    if (!source.trim()) fields.source = t('sourceRequired');
    if (!save.check(fields)) return;
    save.mutate(
      { id: extension?.id, input: { name, type, source, enabled, run_as: runAs } },
      {
        onSuccess: (saved) => {
          setSavedValues(values);
          if (!extension) router.replace(`/extensions/${saved.id}`);
        },
      },
    );
  }

  return (
    <>
      <PageHeader
        title={extension ? extension.name : t('newTitle')}
        description={t('editorDescription')}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href="/extensions">
                <ArrowLeft aria-hidden />
                {t('backToList')}
              </Link>
            </Button>
            {extension && (
              <DeleteButton
                resource="extensions"
                id={extension.id}
                name={extension.name}
                consequence={t('deleteBody')}
                onDeleted={() => router.replace('/extensions')}
              />
            )}
            <Button type="submit" form={formId} disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('save')}
            </Button>
          </>
        }
      />
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        {errors.general && (
          <div className="lg:col-span-2">
            <FormAlert>{errors.general}</FormAlert>
          </div>
        )}
        <Field label={t('source')} hint={t('sourceHint')} error={errors.fields.source} required>
          {(control) => (
            <CodeEditor
              {...control}
              language="javascript"
              label={t('source')}
              value={source}
              onChange={setSource}
              indentWithTab
              minHeight="24rem"
              maxHeight="70dvh"
            />
          )}
        </Field>
        <div className="flex flex-col gap-5">
          <Field label={t('name')} hint={t('nameHint')} error={errors.fields.name} required>
            <Input
              value={name}
              maxLength={255}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field label={t('type')} hint={t(`typeHint.${type}`)} error={errors.fields.type}>
            {(control) => (
              <Select value={type} onValueChange={(v) => changeType(v as ExtensionType)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXTENSION_TYPES.map((key) => (
                    <SelectItem key={key} value={key}>
                      {t(`types.${key}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <SwitchField
            label={t('enabled')}
            hint={t('enabledHint')}
            checked={enabled}
            onChange={setEnabled}
          />
          {type === 'operation' && (
            <RunAsPicker value={runAs} onChange={setRunAs} error={errors.fields.run_as} />
          )}
          {type === 'endpoint' && NAME.test(name) && (
            <div className="flex flex-col gap-1 rounded-lg border bg-muted/40 p-3 text-sm">
              <span className="font-medium">{t('endpointAt')}</span>
              <EndpointUrl name={name} label={t('openEndpoint', { name })} />
              <span className="text-xs text-muted-foreground">{t('endpointHint')}</span>
            </div>
          )}
          {extension?.last_error && (
            <section
              aria-label={t('lastError')}
              className="flex flex-col gap-1 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
            >
              <span className="flex items-center gap-1.5 font-medium text-red-700 dark:text-red-300">
                <CircleAlert aria-hidden className="size-4" />
                {t('lastError')}
              </span>
              <When value={extension.last_error_at} empty={t('unknownTime')} />
              <pre className="text-xs break-words whitespace-pre-wrap">{extension.last_error}</pre>
            </section>
          )}
        </div>
      </form>
      <LeaveDialog guard={guard} namespace="Extensions" />
    </>
  );
}
