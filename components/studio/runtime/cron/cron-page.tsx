'use client';

import { CalendarClock } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { TableCell, TableRow } from '@/components/ui/table';
import { useRuntimeListQuery } from '@/lib/client/runtime/runtime-list-query';
import type { CronJob } from '@/lib/client/runtime/types';
import { PagedList, useListState } from '../../kit/paged-list';
import { CreateButton, NameButton, RowControls } from '../row-parts';
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
const COLUMNS = [
  { key: 'name' },
  { key: 'schedule', className: 'hidden sm:table-cell' },
  { key: 'nextRun', className: 'hidden lg:table-cell' },
  { key: 'lastRun', className: 'hidden md:table-cell' },
  { key: 'enabled' },
];

type Editing = { job?: CronJob } | null;

/** Scheduled jobs: when they run next, how they ran last, run now, edit, history, delete. */
export function CronPage() {
  const t = useTranslations('Cron');
  const state = useListState();
  const list = useRuntimeListQuery<CronJob>('cron', state.params, FIELDS);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PagedList
        namespace="Cron"
        icon={CalendarClock}
        actions={<CreateButton label={t('create')} onClick={() => setEditing({})} />}
        query={list}
        state={state}
        columns={COLUMNS}
        row={(job) => (
          <TableRow key={job.id}>
            <TableCell>
              <NameButton name={job.name} onClick={() => setEditing({ job })} />
              <code className="block font-mono text-xs sm:hidden">{job.schedule}</code>
              <div className="mt-1 md:hidden">
                <LastRun job={job} compact />
              </div>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <code className="font-mono text-xs">{job.schedule}</code>
              <span className="block text-xs text-muted-foreground">{job.timezone}</span>
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              <When value={job.next_run_at} empty={t('noNextRun')} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <LastRun job={job} />
            </TableCell>
            <RowControls resource="cron" row={job} consequence={t('deleteBody')}>
              <RunNowButton id={job.id} name={job.name} />
              <RunsDialog id={job.id} name={job.name} />
            </RowControls>
          </TableRow>
        )}
      />
      {editing && <CronDialog job={editing.job} onClose={() => setEditing(null)} />}
    </>
  );
}
