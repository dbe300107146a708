/** A pino entry as `/api/logs/stream` sends it. */
export interface LogEntry {
  level: number;
  time: number;
  msg?: string;
  [key: string]: unknown;
}

export const LOG_LEVELS = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
} as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export function levelName(level: number): LogLevelName {
  const names = Object.keys(LOG_LEVELS) as LogLevelName[];
  return [...names].reverse().find((n) => level >= LOG_LEVELS[n]) ?? 'trace';
}
