'use client';

import { json as jsonLanguage } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { FieldControlProps } from '@/components/ui/field';

const show = (value: unknown, json: boolean) =>
  value === null || value === undefined
    ? ''
    : json || typeof value !== 'string'
      ? JSON.stringify(value, null, 2)
      : value;

/**
 * CodeMirror for code and JSON fields (loaded only where used). A JSON field keeps the
 * last valid value while the text doesn't parse, and says so under the editor.
 */
export function CodeInput({
  json,
  label,
  value,
  onChange,
  disabled,
  id,
  ...control
}: FieldControlProps & {
  disabled?: boolean;
  json: boolean;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const t = useTranslations('ItemEditor');
  const [text, setText] = useState(() => show(value, json));
  const [invalid, setInvalid] = useState(false);
  // The editable surface is CodeMirror's own contenteditable: name and describe it there.
  const extensions = useMemo(() => {
    const attributes: Record<string, string> = { 'aria-label': label };
    if (control['aria-describedby']) attributes['aria-describedby'] = control['aria-describedby'];
    if (control['aria-invalid']) attributes['aria-invalid'] = 'true';
    const base = [EditorView.contentAttributes.of(attributes)];
    return json ? [...base, jsonLanguage()] : base;
  }, [json, label, control]);

  const change = (next: string) => {
    setText(next);
    if (!json) return onChange(next || null);
    if (!next.trim()) {
      setInvalid(false);
      return onChange(null);
    }
    try {
      onChange(JSON.parse(next));
      setInvalid(false);
    } catch {
      setInvalid(true);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="overflow-hidden rounded-md border bg-card text-sm">
        <CodeMirror
          id={id}
          value={text}
          editable={!disabled}
          minHeight="8rem"
          maxHeight="24rem"
          extensions={extensions}
          basicSetup={{ foldGutter: false, highlightActiveLine: false }}
          onChange={change}
        />
      </div>
      {invalid && (
        <p role="status" className="text-xs text-destructive">
          {t('jsonInvalid')}
        </p>
      )}
    </div>
  );
}
