'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { readRawFilter } from './raw-json';

const pretty = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v, null, 2) : '');

/** The filter as JSON; applied with the button (or Ctrl/Cmd+Enter) once it parses. */
export function RawFilterEditor({
  value,
  onChange,
}: {
  value: Record<string, unknown> | null;
  onChange: (value: Record<string, unknown> | null) => void;
}) {
  const t = useTranslations('FilterBuilder');
  const id = useId();
  const [text, setText] = useState(() => pretty(value));
  const [error, setError] = useState<string | null>(null);
  const [lastValue, setLastValue] = useState(value);
  // Another tab changed the filter: show it (React's "adjust state on prop change").
  if (lastValue !== value) {
    setLastValue(value);
    setText(pretty(value));
    setError(null);
  }

  const apply = () => {
    const result = readRawFilter(text);
    if (!result.ok) {
      setError(
        result.reason === 'syntax'
          ? t('jsonSyntax', { detail: result.detail ?? '' })
          : t('jsonNotObject'),
      );
      return;
    }
    setError(null);
    onChange(result.value);
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('jsonLabel')}
      </label>
      <Textarea
        id={id}
        value={text}
        spellCheck={false}
        rows={8}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="font-mono text-xs"
        placeholder='{"status": {"_eq": "published"}}'
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            apply();
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={apply}>
        {t('applyJson')}
      </Button>
    </div>
  );
}
