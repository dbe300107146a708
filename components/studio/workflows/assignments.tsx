'use client';

import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCollectionsQuery } from '@/lib/client/collections/collections-query';
import { useAssignmentCreateMutation } from '@/lib/client/workflows/assignment-create-mutation';
import { useAssignmentDeleteMutation } from '@/lib/client/workflows/assignment-delete-mutation';
import { useWorkflowAssignmentsQuery } from '@/lib/client/workflows/workflow-assignments-query';
import type { WorkflowDefinition } from '@/lib/client/workflows/types';

/** Which collections follow which workflow, and a form to assign one with a filter. */
export function Assignments({ definitions }: { definitions: WorkflowDefinition[] }) {
  const t = useTranslations('Workflows');
  const assignments = useWorkflowAssignmentsQuery();
  const collections = useCollectionsQuery();
  const create = useSave(useAssignmentCreateMutation(), { saved: t('assigned') });
  const remove = useSave(useAssignmentDeleteMutation(), { saved: t('unassigned') });
  const [definition, setDefinition] = useState('');
  const [collection, setCollection] = useState('');
  const [filter, setFilter] = useState('');
  const [stateField, setStateField] = useState('');
  const [filterError, setFilterError] = useState('');
  const userCollections = (collections.data ?? []).filter((c) => !c.collection.startsWith('daas_'));
  const nameOf = (id: string) => definitions.find((d) => d.id === id)?.name ?? id;

  const submit = () => {
    let parsed: Record<string, unknown> | null = null;
    if (filter.trim()) {
      try {
        parsed = JSON.parse(filter);
      } catch {
        setFilterError(t('filterInvalid'));
        return;
      }
    }
    setFilterError('');
    create.mutate({
      definition,
      collection,
      filter: parsed,
      state_field: stateField.trim() || null,
      sort: null,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('assignments')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {assignments.data?.length ? (
          <ul className="flex flex-col gap-2">
            {assignments.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{a.collection}</span>
                <span aria-hidden>→</span>
                <span>{nameOf(a.definition)}</span>
                {a.filter && (
                  <code className="rounded bg-muted px-1 text-xs">{JSON.stringify(a.filter)}</code>
                )}
                {a.state_field && (
                  <span className="text-muted-foreground">
                    {t('mirrorsInto', { field: a.state_field })}
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('removeAssignment', { collection: a.collection })}
                  onClick={() => remove.mutate(a.id)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('noAssignments')}</p>
        )}
        <form
          className="grid gap-4 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label={t('workflow')} required>
            {(control) => (
              <Select value={definition} onValueChange={setDefinition}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder={t('chooseWorkflow')} />
                </SelectTrigger>
                <SelectContent>
                  {definitions.map((d) => (
                    <SelectItem key={d.id} value={d.id}>
                      {d.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label={t('collection')} required>
            {(control) => (
              <Select value={collection} onValueChange={setCollection}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder={t('chooseCollection')} />
                </SelectTrigger>
                <SelectContent>
                  {userCollections.map((c) => (
                    <SelectItem key={c.collection} value={c.collection}>
                      {c.collection}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label={t('filter')} hint={t('filterHint')} error={filterError}>
            <Textarea value={filter} onChange={(e) => setFilter(e.target.value)} rows={3} />
          </Field>
          <Field label={t('stateField')} hint={t('stateFieldHint')}>
            <Input value={stateField} onChange={(e) => setStateField(e.target.value)} />
          </Field>
          <Button
            type="submit"
            className="self-start"
            disabled={create.isPending || !definition || !collection}
          >
            {t('assign')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
