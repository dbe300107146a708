'use client';

import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { FieldControlProps } from '@/components/ui/field';
import { cn } from '@/lib/cn';

export interface CodeEditorProps extends FieldControlProps {
  language: 'javascript' | 'json';
  /** The accessible name of the editable surface (CodeMirror's own contenteditable). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Tab indents instead of moving focus; Escape then Tab still leaves the editor. Only on
   * a page, never in a dialog, where Escape closes the dialog.
   */
  indentWithTab?: boolean;
  minHeight?: string;
  maxHeight?: string;
  className?: string;
}

/** CodeMirror for stored code and JSON; load it with next/dynamic, it is heavy. */
export function CodeEditor({
  language,
  label,
  value,
  onChange,
  indentWithTab = false,
  minHeight = '10rem',
  maxHeight = '28rem',
  className,
  id,
  ...control
}: CodeEditorProps) {
  const describedBy = control['aria-describedby'];
  const invalid = control['aria-invalid'];
  const extensions = useMemo(() => {
    const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (invalid) attributes['aria-invalid'] = 'true';
    return [
      EditorView.contentAttributes.of(attributes),
      language === 'json' ? json() : javascript(),
    ];
  }, [label, describedBy, invalid, language]);

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border bg-card text-sm focus-within:ring-2 focus-within:ring-ring',
        invalid && 'border-destructive',
        className,
      )}
    >
      <CodeMirror
        id={id}
        value={value}
        minHeight={minHeight}
        maxHeight={maxHeight}
        extensions={extensions}
        indentWithTab={indentWithTab}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
        onChange={onChange}
      />
    </div>
  );
}
