'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { Field } from '@/lib/client/fields/types';
import { CheckboxesInput, DropdownInput, RadioInput, TagsInput } from './choice-inputs';
import { DateTimeInput } from './datetime-input';
import { MarkdownInput } from './markdown-input';
import { choicesOf, interfaceOf, numberOption, optionsOf, slugify } from './options';

// CodeMirror is heavy: only forms with a code or JSON field load it.
const CodeInput = dynamic(() => import('./code-input').then((m) => m.CodeInput), {
  ssr: false,
  loading: () => <Skeleton className="h-32 w-full" />,
});

export interface FieldInputProps {
  field: Field;
  /** The field's visible label, for controls that are groups rather than one input. */
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  control: FieldControlProps;
  disabled?: boolean;
}

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The control for one non-relational field, chosen by its interface (see options.ts). */
export function FieldInput({ field, label, value, onChange, control, disabled }: FieldInputProps) {
  const t = useTranslations('ItemEditor');
  const ui = interfaceOf(field);
  const choices = choicesOf(field);
  const common = { ...control, disabled };

  switch (ui) {
    case 'boolean':
      return <Switch {...common} checked={value === true} onCheckedChange={(v) => onChange(v)} />;
    case 'select-dropdown':
      return <DropdownInput {...common} choices={choices} value={value} onChange={onChange} />;
    case 'select-radio':
      return (
        <RadioInput {...common} label={label} choices={choices} value={value} onChange={onChange} />
      );
    case 'select-multiple-checkbox':
    case 'select-multiple-dropdown':
      return (
        <CheckboxesInput
          {...common}
          label={label}
          choices={choices}
          value={value}
          onChange={onChange}
        />
      );
    case 'tags':
      return <TagsInput {...common} value={value} onChange={onChange} />;
    case 'datetime':
      return <DateTimeInput {...common} type={field.type} value={value} onChange={onChange} />;
    case 'input-multiline':
    case 'input-rich-text-html':
      return (
        <Textarea
          {...common}
          rows={5}
          value={text(value)}
          onChange={(e) => onChange(e.target.value || null)}
        />
      );
    case 'input-rich-text-md':
      return (
        <MarkdownInput {...common} value={text(value)} onChange={(v) => onChange(v || null)} />
      );
    case 'input-code':
    case 'list':
      return (
        <CodeInput
          {...common}
          label={label}
          json={field.type === 'json'}
          value={value}
          onChange={onChange}
        />
      );
    case 'select-color':
      return (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t('colorPicker', { label })}
            disabled={disabled}
            value={/^#[0-9a-f]{6}$/i.test(text(value)) ? text(value) : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-9 w-12 cursor-pointer rounded-md border bg-card p-1"
          />
          <Input
            {...common}
            value={text(value)}
            placeholder="#6644ff"
            onChange={(e) => onChange(e.target.value || null)}
          />
        </div>
      );
    case 'input-hash':
      return (
        <Input
          {...common}
          type="password"
          autoComplete="new-password"
          value={text(value)}
          onChange={(e) => onChange(e.target.value || null)}
        />
      );
  }

  if (NUMERIC.has(field.type) || ui === 'slider') {
    const isInt = field.type === 'integer' || field.type === 'bigInteger';
    return (
      <Input
        {...common}
        type="number"
        inputMode={isInt ? 'numeric' : 'decimal'}
        min={numberOption(field, 'min')}
        max={numberOption(field, 'max')}
        step={numberOption(field, 'step') ?? (isInt ? 1 : 'any')}
        value={text(value)}
        onChange={(e) => {
          const raw = e.target.value;
          // Big integers and decimals travel as strings so no digit is lost in a JS number.
          onChange(
            raw === ''
              ? null
              : field.type === 'integer' || field.type === 'float'
                ? Number(raw)
                : raw,
          );
        }}
      />
    );
  }

  const slug = ui === 'slug' || optionsOf(field).slug === true;
  return (
    <Input
      {...common}
      value={text(value)}
      maxLength={field.schema?.max_length ?? undefined}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={slug ? (e) => onChange(slugify(e.target.value) || null) : undefined}
      spellCheck={slug ? false : undefined}
    />
  );
}
