'use client';

import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FieldType } from '@/lib/schema/types';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as `YYYY-MM-DDTHH:mm` in the browser's time zone (what datetime-local shows). */
function localInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Dates and times with the browser's pickers. A `timestamp` is an instant (shown in local
 * time, sent as ISO with zone); `dateTime`, `date` and `time` are wall-clock values and
 * travel as they are typed.
 */
export function DateTimeInput({
  type,
  value,
  onChange,
  ...control
}: FieldControlProps & {
  disabled?: boolean;
  type: FieldType;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const raw = typeof value === 'string' ? value : '';
  if (type === 'date') {
    return (
      <Input
        {...control}
        type="date"
        value={raw.slice(0, 10)}
        onChange={(e) => onChange(e.target.value || null)}
      />
    );
  }
  if (type === 'time') {
    return (
      <Input
        {...control}
        type="time"
        step={1}
        value={raw.slice(0, 8)}
        onChange={(e) => onChange(e.target.value || null)}
      />
    );
  }
  const shown = !raw ? '' : type === 'timestamp' ? localInput(new Date(raw)) : raw.slice(0, 16);
  return (
    <Input
      {...control}
      type="datetime-local"
      value={shown}
      onChange={(e) => {
        const v = e.target.value;
        if (!v) return onChange(null);
        onChange(type === 'timestamp' ? new Date(v).toISOString() : `${v}:00`);
      }}
    />
  );
}
