import 'server-only';
import { Cron } from 'croner';
import { InvalidPayloadError } from '@/lib/core/errors';

/** Five fields (minute precision) or six (seconds first), as croner reads them. */
export function checkSchedule(schedule: string, timezone = 'UTC'): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new InvalidPayloadError(`"timezone" is not a known time zone: ${timezone}`);
  }
  try {
    new Cron(schedule, { timezone, paused: true });
  } catch (err) {
    throw new InvalidPayloadError(
      `"schedule" is not a valid cron expression: ${err instanceof Error ? err.message : 'unreadable'}`,
    );
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
