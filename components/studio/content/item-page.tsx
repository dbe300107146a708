'use client';

import { ErrorState, LoadingState } from '@/components/studio/kit/data-state';
import { ItemEditor } from './editor/item-editor';
import { useCollectionSchema } from './use-collection-schema';

/** `/content/[collection]/[id]`; the id `+` opens an empty form for a new item. */
export function ItemPage({ collection, id }: { collection: string; id: string }) {
  const schema = useCollectionSchema(collection);
  if (schema.error && !schema.data) {
    return (
      <ErrorState error={schema.error} onRetry={schema.refetch} retrying={schema.isFetching} />
    );
  }
  if (!schema.data) return <LoadingState rows={8} />;
  const pkType = schema.data.fields.find((f) => f.field === schema.data?.primaryKey)?.type;
  const key = id === '+' ? null : pkType === 'integer' ? Number(id) : id;
  return <ItemEditor key={id} schema={schema.data} itemKey={key} />;
}
