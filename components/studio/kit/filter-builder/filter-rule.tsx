'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { FilterOperator } from '@/lib/items/query';
import type { FilterRule as Rule } from './model';
import { DYNAMIC_VALUES, initialValue, OPERATORS, operatorsFor } from './operators';
import type { FilterField } from './use-filter-fields';

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);

/** Numbers typed into a numeric field go out as numbers; dynamic values stay strings. */
function coerce(field: FilterField | undefined, raw: string): unknown {
  if (field && NUMERIC.has(field.type) && raw.trim() !== '' && !raw.startsWith('$')) {
    const n = Number(raw);
    if (Number.isFinite(n)) return n;
  }
  if (field?.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function FilterRuleRow({
  rule,
  fields,
  dynamicValues,
  onChange,
  onRemove,
}: {
  rule: Rule;
  fields: FilterField[];
  dynamicValues: boolean;
  onChange: (rule: Rule) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('FilterBuilder');
  const listId = useId();
  const field = fields.find((f) => f.path === rule.field);
  const operators = field ? operatorsFor(field.type) : [rule.operator];
  const kind = OPERATORS[rule.operator].kind;
  const valueLabel = t('value');
  const inputType = field && NUMERIC.has(field.type) && !dynamicValues ? 'number' : 'text';
  const suggestions = dynamicValues ? { list: listId } : {};

  const setField = (path: string) => {
    const next = fields.find((f) => f.path === path);
    const ops = next ? operatorsFor(next.type) : [];
    const operator = ops.includes(rule.operator) ? rule.operator : (ops[0] ?? '_eq');
    onChange({ ...rule, field: path, operator, value: initialValue(operator) });
  };
  const setOperator = (op: FilterOperator) => {
    const sameKind = OPERATORS[op].kind === kind;
    onChange({ ...rule, operator: op, value: sameKind ? rule.value : initialValue(op) });
  };

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 sm:flex-nowrap">
      <Select value={rule.field || undefined} onValueChange={setField}>
        <SelectTrigger aria-label={t('field')} className="sm:w-48">
          <SelectValue placeholder={t('pickField')} />
        </SelectTrigger>
        <SelectContent>
          {fields.map((f) => (
            <SelectItem key={f.path} value={f.path}>
              {f.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={rule.operator} onValueChange={(v) => setOperator(v as FilterOperator)}>
        <SelectTrigger aria-label={t('operator')} className="sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {operators.map((op) => (
            <SelectItem key={op} value={op}>
              {t(`op.${op}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {kind === 'single' && field?.choices?.length ? (
        <Select
          value={text(rule.value) || undefined}
          onValueChange={(v) => onChange({ ...rule, value: coerce(field, v) })}
        >
          <SelectTrigger aria-label={valueLabel} className="min-w-32 flex-1">
            <SelectValue placeholder={t('pickValue')} />
          </SelectTrigger>
          <SelectContent>
            {field.choices.map((c) => (
              <SelectItem key={String(c.value)} value={String(c.value)}>
                {c.text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : kind === 'single' ? (
        <Input
          aria-label={valueLabel}
          type={inputType}
          className="min-w-32 flex-1"
          value={text(rule.value)}
          onChange={(e) => onChange({ ...rule, value: coerce(field, e.target.value) })}
          {...suggestions}
        />
      ) : kind === 'list' ? (
        <Input
          aria-label={t('values')}
          placeholder={t('commaSeparated')}
          className="min-w-32 flex-1"
          value={Array.isArray(rule.value) ? rule.value.map(text).join(', ') : text(rule.value)}
          onChange={(e) =>
            onChange({
              ...rule,
              value: e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
                .map((s) => coerce(field, s)),
            })
          }
        />
      ) : kind === 'range' ? (
        <div className="flex min-w-32 flex-1 items-center gap-2">
          {[0, 1].map((i) => {
            const pair = Array.isArray(rule.value) ? rule.value : ['', ''];
            return (
              <Input
                key={i}
                aria-label={i === 0 ? t('from') : t('to')}
                type={inputType}
                value={text(pair[i])}
                onChange={(e) => {
                  const next = [...pair];
                  next[i] = coerce(field, e.target.value);
                  onChange({ ...rule, value: next });
                }}
                {...suggestions}
              />
            );
          })}
        </div>
      ) : (
        <span className="flex-1" />
      )}
      {dynamicValues && (
        <datalist id={listId}>
          {DYNAMIC_VALUES.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onRemove}
        aria-label={t('removeRule')}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
