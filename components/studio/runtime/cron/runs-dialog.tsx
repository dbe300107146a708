'use client';

import { History } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryState } from '@/components/studio/kit/data-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCronRunsQuery } from '@/lib/client/runtime/cron-runs-query';
import type { CronRun } from '@/lib/client/runtime/types';

const STATUS_VARIANT = { success: 'success', error: 'destructive', running: 'outline' } as const;

function RunsTable({ id }: { id: string }) {
  const t = useTranslations('Cron');
  const format = useFormatter();
  const runs = useCronRunsQuery(id);
  const seconds = (run: CronRun) =>
    run.finished_at
      ? format.number((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000, {
          maximumFractionDigits: 2,
        })
      : '…';
  return (
    <QueryState query={runs} empty={<p className="text-sm text-muted-foreground">{t('noRuns')}</p>}>
      {(rows) => (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('started')}</TableHead>
              <TableHead>{t('trigger')}</TableHead>
              <TableHead>{t('duration')}</TableHead>
              <TableHead>{t('statusLabel')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((run) => (
              <TableRow key={run.id}>
                <TableCell className="whitespace-nowrap">
                  {format.dateTime(new Date(run.started_at), {
                    dateStyle: 'short',
                    timeStyle: 'medium',
                  })}
                </TableCell>
                <TableCell>{t(`triggers.${run.trigger}`)}</TableCell>
                <TableCell className="tabular-nums">{t('seconds', { n: seconds(run) })}</TableCell>
                <TableCell>
                  <div className="flex flex-col gap-1">
                    <Badge variant={STATUS_VARIANT[run.status]}>{t(`status.${run.status}`)}</Badge>
                    {run.error && (
                      <span className="font-mono text-xs break-words text-red-700 dark:text-red-300">
                        {run.error}
                      </span>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryState>
  );
}

/** The job's latest runs, scheduled and manual, loaded when opened. */
export function RunsDialog({ id, name }: { id: string; name: string }) {
  const t = useTranslations('Cron');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('historyFor', { name })}>
          <History aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('historyTitle', { name })}</DialogTitle>
          <DialogDescription>{t('historyDescription')}</DialogDescription>
        </DialogHeader>
        {open && <RunsTable id={id} />}
      </DialogContent>
    </Dialog>
  );
}
