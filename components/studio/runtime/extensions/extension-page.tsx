'use client';

import { QueryState } from '@/components/studio/kit/data-state';
import { useExtensionQuery } from '@/lib/client/runtime/extension-query';
import { ExtensionEditor } from './extension-editor';

/** `/extensions/new` or `/extensions/<id>`: the editor, once an existing extension is loaded. */
export function ExtensionPage({ id }: { id: string }) {
  const isNew = id === 'new';
  const extension = useExtensionQuery(isNew ? null : id);
  if (isNew) return <ExtensionEditor />;
  return (
    <QueryState query={extension}>
      {(data) => <ExtensionEditor key={data.id} extension={data} />}
    </QueryState>
  );
}
