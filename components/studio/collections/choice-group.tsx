'use client';

import { useId } from 'react';
import { cn } from '@/lib/cn';

/** A labelled group of native radio buttons shown as cards: keyboard arrows work as usual. */
export function ChoiceGroup<V extends string>({
  legend,
  value,
  options,
  onChange,
  className,
}: {
  legend: string;
  value: V;
  options: { value: V; label: string; hint?: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer flex-col gap-0.5 rounded-md border bg-card px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === o.value && 'border-primary bg-accent',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                className="accent-[var(--color-primary)]"
              />
              {o.label}
            </span>
            {o.hint && <span className="text-xs text-muted-foreground">{o.hint}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
