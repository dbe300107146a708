'use client';

import { Eraser, Pause, Play, ScrollText } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useLogsClearMutation } from '@/lib/client/logs/logs-clear-mutation';
import { LOG_LEVELS, type LogLevelName } from '@/lib/client/logs/types';
import { useLogStream } from '@/lib/client/logs/use-log-stream';
import { useMyAccessQuery } from '@/lib/client/profile/my-access-query';
import { useActiveScope } from '@/lib/client/scope/active-scope';
import { PageHeader } from '../kit/page-header';
import { useSave } from '../kit/use-save';
import { LogLine } from './log-line';

const LEVELS = Object.keys(LOG_LEVELS) as LogLevelName[];

export function LogsScreen() {
  const t = useTranslations('Logs');
  const [level, setLevel] = useState<LogLevelName>('info');
  const stream = useLogStream(level);
  const paused = stream.paused;
  const access = useMyAccessQuery(useActiveScope());
  const clear = useSave(useLogsClearMutation(), { saved: t('cleared'), failed: t('clearFailed') });
  const admin = access.data?.admin === true;
  const bottom = useRef<HTMLDivElement>(null);

  // Follow new lines while live, like `tail -f`.
  useEffect(() => {
    if (!paused) bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [stream.entries.length, paused]);

  function clearAll() {
    if (!admin) return stream.clearView();
    clear.mutate(undefined, { onSuccess: stream.clearView });
  }

  const stateBadge =
    stream.state === 'open' ? (
      <Badge variant={paused ? 'outline' : 'success'}>{paused ? t('paused') : t('live')}</Badge>
    ) : stream.state === 'connecting' ? (
      <Badge variant="outline">{t('connecting')}</Badge>
    ) : (
      <Badge variant="destructive">{t('disconnected')}</Badge>
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('level')} className="sm:w-48">
          {(control) => (
            <Select value={level} onValueChange={(v) => setLevel(v as LogLevelName)}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LEVELS.map((l) => (
                  <SelectItem key={l} value={l}>
                    {t('levelAtLeast', { level: l })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            onClick={paused ? stream.resume : stream.pause}
            aria-pressed={paused}
          >
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {paused ? t('resume', { count: stream.heldCount }) : t('pause')}
          </Button>
          <Button variant="outline" onClick={clearAll} disabled={clear.isPending}>
            <Eraser aria-hidden />
            {admin ? t('clear') : t('clearView')}
          </Button>
          <span role="status">{stateBadge}</span>
        </div>
      </div>
      <section
        aria-label={t('tailLabel')}
        className="overflow-hidden rounded-xl border bg-card shadow-xs"
      >
        {stream.state === 'error' && (
          <p role="alert" className="border-b px-4 py-3 text-sm text-destructive">
            {t('streamError')}
          </p>
        )}
        {stream.entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-16 text-center text-sm text-muted-foreground">
            <ScrollText aria-hidden className="size-6" />
            <p>{t('waiting')}</p>
          </div>
        ) : (
          <div
            role="log"
            aria-live={paused ? 'off' : 'polite'}
            className="max-h-[65dvh] overflow-y-auto py-2"
            tabIndex={0}
            aria-label={t('linesLabel')}
          >
            <ol>
              {stream.entries.map(({ seq, entry }) => (
                <LogLine key={seq} entry={entry} />
              ))}
            </ol>
            <div ref={bottom} />
          </div>
        )}
      </section>
    </>
  );
}
