'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/studio/form-alert';
import { Button } from '@/components/ui/button';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useRuntimeSave } from '@/lib/client/runtime/runtime-mutations';
import type { CustomService, ServiceInput } from '@/lib/client/runtime/types';
import { ExtensionSelect } from '../extension-select';
import { jsonText, parseJson } from '../json-text';
import { NO_ERRORS, useFormErrors } from '../use-form-errors';

const CodeEditor = dynamic(() => import('../code-editor').then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

const NAME = /^[a-z][a-z0-9-]*$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Creates or edits a service: its name, the service extension behind it and its config. */
export function ServiceDialog({
  service,
  onClose,
}: {
  service?: CustomService;
  onClose: () => void;
}) {
  const t = useTranslations('Services');
  const save = useRuntimeSave<ServiceInput, CustomService>('services');
  const errorsOf = useFormErrors();
  const [name, setName] = useState(service?.name ?? '');
  const [extension, setExtension] = useState(service?.extension ?? null);
  const [enabled, setEnabled] = useState(service?.enabled ?? true);
  const [config, setConfig] = useState(jsonText(service?.config));
  const [errors, setErrors] = useState(NO_ERRORS);

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (!NAME.test(name)) fields.name = t('nameRule');
    const parsed = parseJson(config);
    if (!parsed.ok || (parsed.value !== null && !isObject(parsed.value))) {
      fields.config = t('configInvalid');
    }
    if (Object.keys(fields).length || !parsed.ok) return setErrors({ general: null, fields });
    setErrors(NO_ERRORS);
    const input = { name, extension, enabled, config: parsed.value as ServiceInput['config'] };
    save.mutate(
      { id: service?.id, input },
      {
        onSuccess: (saved) => {
          toast({ title: t('saved', { name: saved.name }), variant: 'success' });
          onClose();
        },
        onError: (err) => setErrors(errorsOf(err)),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {service ? t('editTitle', { name: service.name }) : t('createTitle')}
          </DialogTitle>
          <DialogDescription>{t('dialogDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {errors.general && <FormAlert>{errors.general}</FormAlert>}
          <Field label={t('name')} hint={t('nameHint')} error={errors.fields.name} required>
            <Input
              value={name}
              maxLength={255}
              spellCheck={false}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <ExtensionSelect
            type="service"
            label={t('extension')}
            hint={t('extensionHint')}
            noneLabel={t('noExtension')}
            value={extension}
            onChange={setExtension}
            error={errors.fields.extension}
          />
          <Field label={t('config')} hint={t('configHint')} error={errors.fields.config}>
            {(control) => (
              <CodeEditor
                {...control}
                language="json"
                label={t('config')}
                value={config}
                onChange={setConfig}
                minHeight="8rem"
                maxHeight="18rem"
              />
            )}
          </Field>
          <Field label={t('enabled')} hint={t('enabledHint')} layout="inline">
            <Switch checked={enabled} onCheckedChange={setEnabled} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
