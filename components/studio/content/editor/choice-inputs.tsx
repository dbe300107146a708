'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { Choice } from './options';

type Common = FieldControlProps & { disabled?: boolean };

/** Choice values keep their type (a number stays a number) though Radix passes strings. */
const byText = (choices: Choice[], v: string) =>
  choices.find((c) => String(c.value) === v)?.value ?? v;
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : [];

const NONE = '__none';

export function DropdownInput({
  choices,
  value,
  onChange,
  disabled,
  ...control
}: Common & { choices: Choice[]; value: unknown; onChange: (v: unknown) => void }) {
  const t = useTranslations('ItemEditor');
  return (
    <Select
      value={value === null || value === undefined ? NONE : String(value)}
      onValueChange={(v) => onChange(v === NONE ? null : byText(choices, v))}
      disabled={disabled}
    >
      <SelectTrigger {...control}>
        <SelectValue placeholder={t('choose')} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{t('none')}</SelectItem>
        {choices.map((c) => (
          <SelectItem key={String(c.value)} value={String(c.value)}>
            {c.text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function RadioInput({
  label,
  choices,
  value,
  onChange,
  disabled,
  id,
  ...control
}: Common & { label: string; choices: Choice[]; value: unknown; onChange: (v: unknown) => void }) {
  return (
    <div
      role="radiogroup"
      id={id}
      aria-label={label}
      {...control}
      className="flex flex-wrap gap-x-5 gap-y-2"
    >
      {choices.map((c) => (
        <label key={String(c.value)} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={id}
            disabled={disabled}
            checked={value === c.value || String(value) === String(c.value)}
            onChange={() => onChange(c.value)}
            className="size-4 accent-primary"
          />
          {c.text}
        </label>
      ))}
    </div>
  );
}

export function CheckboxesInput({
  label,
  choices,
  value,
  onChange,
  disabled,
  id,
  ...control
}: Common & { label: string; choices: Choice[]; value: unknown; onChange: (v: unknown) => void }) {
  const list = asList(value);
  const toggle = (c: Choice, on: boolean) => {
    const next = on ? [...list, c.value] : list.filter((v) => String(v) !== String(c.value));
    onChange(next.length ? next : null);
  };
  return (
    <div
      role="group"
      id={id}
      aria-label={label}
      {...control}
      className="flex flex-wrap gap-x-5 gap-y-2"
    >
      {choices.map((c, i) => (
        <div key={String(c.value)} className="flex items-center gap-2 text-sm">
          <Checkbox
            id={`${id}-${i}`}
            disabled={disabled}
            checked={list.some((v) => String(v) === String(c.value))}
            onCheckedChange={(on) => toggle(c, on === true)}
          />
          <label htmlFor={`${id}-${i}`}>{c.text}</label>
        </div>
      ))}
    </div>
  );
}

/** Free words: Enter or comma adds one, the × removes it. */
export function TagsInput({
  value,
  onChange,
  disabled,
  ...control
}: Common & { value: unknown; onChange: (v: unknown) => void }) {
  const t = useTranslations('ItemEditor');
  const [draft, setDraft] = useState('');
  const tags = asList(value).map(String);
  const add = () => {
    const word = draft.trim();
    if (word && !tags.includes(word)) onChange([...tags, word]);
    setDraft('');
  };
  return (
    <div className="flex flex-col gap-2">
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('tags')}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-md bg-secondary px-2 py-0.5 text-xs"
            >
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={t('removeTag', { tag })}
                onClick={() => {
                  const next = tags.filter((x) => x !== tag);
                  onChange(next.length ? next : null);
                }}
                className="rounded hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        {...control}
        disabled={disabled}
        value={draft}
        placeholder={t('addTag')}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={add}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          }
        }}
      />
    </div>
  );
}
