'use client';

import { CalendarClock, Plus, SearchX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PageHeader } from '@/components/studio/page-header';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRuntimeList } from '@/lib/client/runtime/runtime-queries';
import type { CronJob } from '@/lib/client/runtime/types';
import { DeleteButton } from '../delete-button';
import { EnabledSwitch } from '../enabled-switch';
import { PagedList, useListState } from '../paged-list';
import { When } from '../when';
import { CronDialog } from './cron-dialog';
import { LastRun } from './last-run';
import { RunNowButton } from './run-now-button';
import { RunsDialog } from './runs-dialog';

const FIELDS = [
  'id',
  'name',
  'schedule',
  'timezone',
  'enabled',
  'operation',
  'payload',
  'last_run_at',
  'last_status',
  'last_error',
  'next_run_at',
];

type Editing = { job?: CronJob } | null;

/** Scheduled jobs: when they run next, how they ran last, run now, edit, history, delete. */
export function CronPage() {
  const t = useTranslations('Cron');
  const state = useListState();
  const list = useRuntimeList<CronJob>('cron', state.params, FIELDS);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus aria-hidden />
            {t('create')}
          </Button>
        }
      />
      <PagedList
        query={list}
        state={state}
        searchLabel={t('search')}
        empty={{ icon: CalendarClock, title: t('emptyTitle'), description: t('emptyBody') }}
        noMatch={{ icon: SearchX, title: t('noMatchTitle'), description: t('noMatchBody') }}
      >
        {(rows) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('schedule')}</TableHead>
                <TableHead>{t('enabled')}</TableHead>
                <TableHead className="hidden lg:table-cell">{t('nextRun')}</TableHead>
                <TableHead>{t('lastRun')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={list.isFetching}>
              {rows.map((job) => (
                <TableRow key={job.id}>
                  <TableCell>
                    <button
                      type="button"
                      className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => setEditing({ job })}
                    >
                      {job.name}
                    </button>
                  </TableCell>
                  <TableCell>
                    <code className="font-mono text-xs">{job.schedule}</code>
                    <span className="block text-xs text-muted-foreground">{job.timezone}</span>
                  </TableCell>
                  <TableCell>
                    <EnabledSwitch
                      resource="cron"
                      id={job.id}
                      name={job.name}
                      enabled={job.enabled}
                    />
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    <When value={job.next_run_at} empty={t('noNextRun')} />
                  </TableCell>
                  <TableCell>
                    <LastRun job={job} />
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-1">
                      <RunNowButton id={job.id} name={job.name} />
                      <RunsDialog id={job.id} name={job.name} />
                      <DeleteButton
                        resource="cron"
                        id={job.id}
                        name={job.name}
                        consequence={t('deleteBody')}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
      {editing && <CronDialog job={editing.job} onClose={() => setEditing(null)} />}
    </>
  );
}
