'use client';

import { useTranslations } from 'next-intl';
import { useSave } from '@/components/studio/kit/use-save';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWorkflowTransitionMutation } from '@/lib/client/workflows/workflow-transition-mutation';
import { useItemWorkflowQuery } from '@/lib/client/workflows/item-workflow-query';

/**
 * For an item under a workflow: its current state and one button per command the caller
 * may run from it (the server says which, at the active scope). Renders nothing otherwise.
 */
export function ItemWorkflow({
  collection,
  item,
  scope,
}: {
  collection: string;
  item: string;
  scope?: string | null;
}) {
  const t = useTranslations('Workflows');
  const workflows = useItemWorkflowQuery(collection, item, scope);
  const commandName = (key: string) =>
    workflows.data?.flatMap((w) => w.commands).find((c) => c.key === key)?.name ?? key;
  const run = useSave(useWorkflowTransitionMutation(), {
    saved: (vars) => t('moved', { command: commandName(vars.command) }),
    failed: t('moveFailed'),
  });
  if (!workflows.data?.length) return null;
  return (
    <section aria-label={t('itemLabel')} className="flex flex-col gap-2">
      {workflows.data.map((w) => {
        const state = w.states.find((s) => s.key === w.state);
        return (
          <div key={w.assignment} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">{t('state')}</span>
            <Badge>{state?.name ?? w.state ?? t('noState')}</Badge>
            {w.commands
              .filter((c) => c.allowed)
              .map((c) => (
                <Button
                  key={c.key}
                  size="sm"
                  variant="outline"
                  disabled={run.isPending}
                  onClick={() => run.mutate({ collection, item, command: c.key })}
                >
                  {c.name}
                </Button>
              ))}
          </div>
        );
      })}
    </section>
  );
}
