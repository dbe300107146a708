import 'server-only';
import { Cron } from 'croner';
import { invalidField } from '@/lib/core/errors';

/** Five fields (minute precision) or six (seconds first), as croner reads them. */
export function checkSchedule(schedule: string, timezone = 'UTC'): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw invalidField('timezone', `is not a known time zone: ${timezone}`);
  }
  try {
    new Cron(schedule, { timezone, paused: true });
  } catch (err) {
    const why = err instanceof Error ? err.message : 'unreadable';
    throw invalidField('schedule', `is not a valid cron expression: ${why}`);
  }
}

/** The first time the schedule fires strictly after `from`; null when it never does again. */
export function nextRunAt(schedule: string, timezone: string, from = new Date()): Date | null {
  const job = new Cron(schedule, { timezone, paused: true });
  try {
    return job.nextRun(from);
  } finally {
    job.stop();
  }
}
