'use client';

import { Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A list of short values (origins, header names): type one and press Enter or Add; each
 * entry has its own remove button. `check` refuses a value with a message before it is added.
 */
export function ListEditor({
  label,
  hint,
  values,
  onChange,
  placeholder,
  check,
  error,
}: {
  label: string;
  hint?: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  check?: (value: string) => string | undefined;
  error?: string;
}) {
  const t = useTranslations('Settings');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;

  function add() {
    const value = draft.trim();
    if (!value) return;
    const refused = values.includes(value) ? t('errors.duplicate') : check?.(value);
    setProblem(refused);
    if (refused) return;
    onChange([...values, value]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {values.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 font-mono text-xs"
            >
              {value}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={t('removeValue', { value })}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t('listEmpty')}</p>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-invalid={shown ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : '', shown ? `${id}-error` : ''].join(' ').trim() || undefined
          }
        />
        <Button
          type="button"
          variant="outline"
          onClick={add}
          aria-label={t('addTo', { list: label })}
        >
          <Plus aria-hidden />
          {t('add')}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {shown}
        </p>
      )}
    </div>
  );
}
