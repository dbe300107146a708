'use client';

import { Check, Circle, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import type { SetupStep } from './relation-plan';
import { cn } from '@/lib/cn';

/** The ordered set-up calls with their state: done, running, failed or still to come. */
export function SetupProgress({
  steps,
  current,
  failed,
}: {
  steps: SetupStep[];
  /** The step being worked on; steps.length when all are done; -1 before starting. */
  current: number;
  failed: boolean;
}) {
  const t = useTranslations('Relations');
  const done = Math.max(0, Math.min(current, steps.length));
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3">
      <p className="text-sm font-medium" aria-live="polite">
        {current < 0
          ? t('stepsIntro', { count: steps.length })
          : t('progress', { done, total: steps.length })}
      </p>
      <ol className="flex flex-col gap-1.5 text-sm">
        {steps.map((step, i) => {
          const state =
            i < current ? 'done' : i === current ? (failed ? 'failed' : 'running') : 'todo';
          return (
            <li
              key={`${step.kind}-${step.target}`}
              className={cn(
                'flex items-center gap-2',
                state === 'todo' && 'text-muted-foreground',
                state === 'failed' && 'text-destructive',
              )}
            >
              {state === 'done' && <Check aria-hidden className="size-4 text-emerald-600" />}
              {state === 'running' && <Spinner />}
              {state === 'failed' && <X aria-hidden className="size-4" />}
              {state === 'todo' && <Circle aria-hidden className="size-3" />}
              <span className="sr-only">{t(`state.${state}`)}: </span>
              <span>
                {t(`step.${step.kind}`)} <code className="font-mono text-xs">{step.target}</code>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
