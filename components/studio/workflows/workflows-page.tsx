'use client';

import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { ErrorState, LoadingState } from '@/components/studio/kit/data-state';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useWorkflowDeleteMutation } from '@/lib/client/workflows/workflow-delete-mutation';
import { useWorkflowDefinitionsQuery } from '@/lib/client/workflows/workflow-definitions-query';
import { Assignments } from './assignments';
import { WorkflowEditor } from './workflow-editor';

// The diagram library loads only here, in the browser.
const StateGraph = dynamic(() => import('./state-graph'), { ssr: false });

/** The workflows page: the definitions with their states and commands, new ones, assignments. */
export function WorkflowsPage() {
  const t = useTranslations('Workflows');
  const definitions = useWorkflowDefinitionsQuery();
  const remove = useSave(useWorkflowDeleteMutation(), { saved: t('removed') });
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('definitions')}</CardTitle>
        </CardHeader>
        <CardContent>
          {definitions.isPending && <LoadingState rows={2} />}
          {definitions.isError && (
            <ErrorState error={definitions.error} onRetry={() => definitions.refetch()} />
          )}
          {definitions.data && !definitions.data.length && (
            <p className="text-sm text-muted-foreground">{t('empty')}</p>
          )}
          <ul className="flex flex-col gap-4">
            {definitions.data?.map((d) => (
              <li key={d.id} className="flex flex-col gap-2 border-b pb-4 last:border-0">
                <div className="flex items-center gap-2">
                  <h3 className="font-medium">{d.name}</h3>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('removeWorkflow', { name: d.name })}
                    onClick={() => remove.mutate(d.id)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <div className="flex flex-wrap gap-1">
                  {d.states.map((s) => (
                    <Badge key={s.key} variant={s.initial ? 'default' : 'outline'}>
                      {s.name}
                    </Badge>
                  ))}
                </div>
                {d.states.length > 0 && (
                  <StateGraph definition={d} label={t('graphLabel', { name: d.name })} />
                )}
                <ul className="text-sm text-muted-foreground">
                  {d.commands.map((c) => (
                    <li key={c.key}>
                      {c.name}: {c.from.join(', ')} → {c.to}
                      {c.module_key ? ` (${c.module_key})` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <WorkflowEditor />
      <Assignments definitions={definitions.data ?? []} />
    </div>
  );
}
