'use client';

import dynamic from 'next/dynamic';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';

const CodeEditor = dynamic(() => import('./code-editor').then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-32 w-full" />,
});

/** A labelled JSON editor (a cron job's payload, a service's configuration). */
export function JsonField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <CodeEditor
          {...control}
          language="json"
          label={label}
          value={value}
          onChange={onChange}
          minHeight="6rem"
          maxHeight="16rem"
        />
      )}
    </Field>
  );
}
