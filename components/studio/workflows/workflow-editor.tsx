'use client';

import { Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useWorkflowSaveMutation } from '@/lib/client/workflows/workflow-save-mutation';
import type { WorkflowCommand, WorkflowState } from '@/lib/client/workflows/types';

interface CommandRow {
  key: string;
  name: string;
  from: string;
  to: string;
  module_key: string;
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** A new workflow: its states (the first, or the one marked, is initial) and commands. */
export function WorkflowEditor() {
  const t = useTranslations('Workflows');
  const save = useSave(useWorkflowSaveMutation(), { saved: t('saved') });
  const [name, setName] = useState('');
  const [states, setStates] = useState<WorkflowState[]>([
    { key: 'draft', name: 'Draft', initial: true },
    { key: 'review', name: 'In review' },
    { key: 'published', name: 'Published', final: true },
  ]);
  const [commands, setCommands] = useState<CommandRow[]>([
    { key: 'submit', name: 'Submit', from: 'draft', to: 'review', module_key: '' },
    {
      key: 'approve',
      name: 'Approve',
      from: 'review',
      to: 'published',
      module_key: 'workflow:approve',
    },
  ]);
  const setState = (i: number, patch: Partial<WorkflowState>) =>
    setStates(states.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setCommand = (i: number, patch: Partial<CommandRow>) =>
    setCommands(commands.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  const submit = () => {
    const body = {
      name: name.trim(),
      states,
      commands: commands.map((c): WorkflowCommand => ({
        key: c.key.trim(),
        name: c.name.trim(),
        from: list(c.from),
        to: c.to.trim(),
        policies: [],
        ...(c.module_key.trim() ? { module_key: c.module_key.trim() } : {}),
      })),
    };
    save.mutate(body, { onSuccess: () => setName('') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('newWorkflow')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label={t('name')} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('states')}</legend>
            {states.map((s, i) => (
              <div key={i} className="grid grid-cols-[1fr_1fr_auto_auto] items-end gap-2">
                <Field label={t('stateKey')}>
                  <Input value={s.key} onChange={(e) => setState(i, { key: e.target.value })} />
                </Field>
                <Field label={t('stateName')}>
                  <Input value={s.name} onChange={(e) => setState(i, { name: e.target.value })} />
                </Field>
                <label className="flex h-9 items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name="initial"
                    checked={Boolean(s.initial)}
                    onChange={() => setStates(states.map((x, j) => ({ ...x, initial: j === i })))}
                  />
                  {t('initial')}
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('removeState')}
                  onClick={() => setStates(states.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => setStates([...states, { key: '', name: '' }])}
            >
              <Plus aria-hidden /> {t('addState')}
            </Button>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('commands')}</legend>
            {commands.map((c, i) => (
              <div
                key={i}
                className="grid grid-cols-2 items-end gap-2 md:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto]"
              >
                <Field label={t('commandKey')}>
                  <Input value={c.key} onChange={(e) => setCommand(i, { key: e.target.value })} />
                </Field>
                <Field label={t('commandName')}>
                  <Input value={c.name} onChange={(e) => setCommand(i, { name: e.target.value })} />
                </Field>
                <Field label={t('from')}>
                  <Input value={c.from} onChange={(e) => setCommand(i, { from: e.target.value })} />
                </Field>
                <Field label={t('to')}>
                  <Input value={c.to} onChange={(e) => setCommand(i, { to: e.target.value })} />
                </Field>
                <Field label={t('moduleKey')}>
                  <Input
                    value={c.module_key}
                    onChange={(e) => setCommand(i, { module_key: e.target.value })}
                  />
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('removeCommand')}
                  onClick={() => setCommands(commands.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() =>
                setCommands([...commands, { key: '', name: '', from: '', to: '', module_key: '' }])
              }
            >
              <Plus aria-hidden /> {t('addCommand')}
            </Button>
          </fieldset>
          <Button type="submit" className="self-start" disabled={save.isPending || !name.trim()}>
            {t('save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
