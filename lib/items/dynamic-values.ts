import type { Accountability } from '@/lib/core/accountability';
import { InvalidQueryError } from '@/lib/core/errors';

/**
 * Filter values that stand for something known only at request time: `$NOW`,
 * `$NOW(-1 day)`, `$CURRENT_USER`, `$CURRENT_ROLE`, `$CURRENT_ROLES`, `$CURRENT_POLICIES`.
 * An anonymous caller's `$CURRENT_USER` is null, and a bound null never equals anything,
 * so `{owner: {_eq: "$CURRENT_USER"}}` matches no row for that caller (not the ownerless ones).
 */
export type DynamicValue = { user: string } | { value: unknown };

const UNITS: Record<string, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'week'> = {
  year: 'year',
  years: 'year',
  month: 'month',
  months: 'month',
  week: 'week',
  weeks: 'week',
  day: 'day',
  days: 'day',
  hour: 'hour',
  hours: 'hour',
  minute: 'minute',
  minutes: 'minute',
  second: 'second',
  seconds: 'second',
};

const NOW_OFFSET = /^\$NOW\(\s*([+-]?)\s*(\d{1,6})\s*([a-z]+)\s*\)$/i;

/** `$NOW` shifted by an offset: `$NOW(-1 day)`, `$NOW(+2 hours)`. */
export function nowWithOffset(expr: string, now: Date): Date {
  if (expr === '$NOW') return new Date(now);
  const m = NOW_OFFSET.exec(expr);
  const unit = m ? UNITS[m[3].toLowerCase()] : undefined;
  if (!m || !unit) throw new InvalidQueryError(`Invalid dynamic value "${expr.slice(0, 40)}"`);
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const d = new Date(now);
  switch (unit) {
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + n);
      break;
    case 'month':
      d.setUTCMonth(d.getUTCMonth() + n);
      break;
    case 'week':
      d.setTime(d.getTime() + n * 7 * 86_400_000);
      break;
    case 'day':
      d.setTime(d.getTime() + n * 86_400_000);
      break;
    case 'hour':
      d.setTime(d.getTime() + n * 3_600_000);
      break;
    case 'minute':
      d.setTime(d.getTime() + n * 60_000);
      break;
    case 'second':
      d.setTime(d.getTime() + n * 1000);
      break;
  }
  return d;
}

const KEYWORDS = ['$CURRENT_USER', '$CURRENT_ROLE', '$CURRENT_ROLES', '$CURRENT_POLICIES'];

/** Only the known words are dynamic; any other string starting with `$` is a literal. */
export function isDynamic(value: unknown): boolean {
  if (typeof value !== 'string' || !value.startsWith('$')) return false;
  return (
    value === '$NOW' ||
    (value.startsWith('$NOW(') && value.endsWith(')') && !value.includes(',')) ||
    KEYWORDS.includes(value) ||
    value.startsWith('$CURRENT_USER.')
  );
}

/**
 * The value a `$...` string stands for. `$CURRENT_USER.<field>` comes back as `{user}` so
 * the compiler can read that field of the caller's row in SQL. Unknown `$` words are 400:
 * a literal value starting with `$` is not expressible, as in Directus.
 */
export function resolveDynamic(
  value: string,
  accountability: Accountability | null,
  now: Date,
): DynamicValue {
  if (value === '$NOW' || value.startsWith('$NOW(')) return { value: nowWithOffset(value, now) };
  switch (value) {
    case '$CURRENT_USER':
      return { value: accountability?.user ?? null };
    case '$CURRENT_ROLE':
      return { value: accountability?.role ?? null };
    case '$CURRENT_ROLES':
      return { value: accountability?.roles ?? [] };
    case '$CURRENT_POLICIES':
      return { value: accountability?.policies ?? [] };
  }
  if (value.startsWith('$CURRENT_USER.')) {
    const field = value.slice('$CURRENT_USER.'.length);
    if (!/^[\w-]+$/.test(field)) {
      throw new InvalidQueryError(
        `Dynamic value "$CURRENT_USER.${field.slice(0, 40)}": only a field of the user row is supported`,
      );
    }
    return { user: field };
  }
  throw new InvalidQueryError(`Unknown dynamic value "${value.slice(0, 40)}"`);
}
