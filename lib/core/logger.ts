import 'server-only';
import pino from 'pino';
import { LogBuffer, type LogEntry } from './log-buffer';

const holder = globalThis as typeof globalThis & {
  __daasLog?: { logger: pino.Logger; buffer: LogBuffer };
};

function create() {
  const level = (process.env.LOG_LEVEL ?? 'info') as pino.LevelWithSilent;
  const buffer = new LogBuffer(Number(process.env.LOG_BUFFER_SIZE ?? 1000));
  const toStdout = level !== 'silent';
  const destination = {
    write(line: string) {
      try {
        buffer.push(JSON.parse(line) as LogEntry);
      } catch {
        // A line pino wrote is always JSON; anything else is not worth keeping.
      }
      if (toStdout) process.stdout.write(line);
    },
  };
  // The buffer keeps info and above even when stdout is silenced (as in tests).
  const logger = pino({ level: level === 'silent' ? 'info' : level, base: undefined }, destination);
  return { logger, buffer };
}

holder.__daasLog ??= create();

export const logger = holder.__daasLog.logger;
export const logBuffer = holder.__daasLog.buffer;
