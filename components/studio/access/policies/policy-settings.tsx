'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/studio/kit/form-alert';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { PolicyRow } from '@/lib/client/access/types';
import { usePolicySaveMutation } from '@/lib/client/policies/policy-save-mutation';
import { parseAllowList } from './cidr';
import { ModuleAccessTree } from './module-access-tree';

const FLAGS = ['admin_access', 'app_access', 'delegate_access', 'enforce_tfa'] as const;

export function PolicySettings({ policy }: { policy: PolicyRow }) {
  const t = useTranslations('Access.policies');
  const save = useSave(usePolicySaveMutation(), { saved: t('saved'), inline: true });
  const [name, setName] = useState(policy.name);
  const [description, setDescription] = useState(policy.description ?? '');
  const [flags, setFlags] = useState(() => Object.fromEntries(FLAGS.map((f) => [f, policy[f]])));
  const [ipText, setIpText] = useState((policy.ip_access ?? []).join('\n'));
  const [modules, setModules] = useState(policy.module_access ?? {});
  const [errors, setErrors] = useState<{ name?: string; ip?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { entries, invalid } = parseAllowList(ipText);
    const found = {
      name: name.trim() ? undefined : t('nameRequired'),
      ip: invalid.length ? t('ipInvalid', { entries: invalid.join(', ') }) : undefined,
    };
    setErrors(found);
    if (found.name || found.ip) return;
    save.mutate({
      id: policy.id,
      input: {
        name: name.trim(),
        description: description.trim() || null,
        ...flags,
        ip_access: entries.length ? entries : null,
        module_access: modules,
      },
    });
  }

  return (
    <form onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-5" noValidate>
      {save.message && <FormAlert>{save.message}</FormAlert>}
      <Field label={t('name')} error={errors.name} required>
        <Input value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label={t('descriptionLabel')}>
        <Textarea value={description} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('accessFlags')}</legend>
        {FLAGS.map((flag) => (
          <Field key={flag} layout="inline" label={t(`flag.${flag}`)} hint={t(`flagHint.${flag}`)}>
            <Switch
              checked={Boolean(flags[flag])}
              disabled={policy.public && flag === 'admin_access'}
              onCheckedChange={(checked) => setFlags({ ...flags, [flag]: checked })}
            />
          </Field>
        ))}
      </fieldset>
      <Field label={t('ipAccess')} hint={t('ipHint')} error={errors.ip}>
        <Textarea
          value={ipText}
          rows={3}
          className="font-mono text-sm"
          placeholder="10.0.0.0/8"
          onChange={(e) => setIpText(e.target.value)}
        />
      </Field>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('moduleAccess')}</h3>
        <p className="text-xs text-muted-foreground">{t('moduleAccessHint')}</p>
        <ModuleAccessTree value={modules} onChange={setModules} />
      </section>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {t('save')}
      </Button>
    </form>
  );
}
