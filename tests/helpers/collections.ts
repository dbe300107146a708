import type { TestApp } from './app';

export interface NewField {
  field: string;
  type: string;
}

/** A collection with the given fields (a `title` text field by default), made over the API. */
export async function makeCollection(
  app: TestApp,
  admin: string,
  collection: string,
  fields: NewField[] = [{ field: 'title', type: 'string' }],
): Promise<void> {
  const made = await app.request('/api/collections', {
    method: 'POST',
    token: admin,
    body: { collection, fields },
  });
  if (made.status !== 201) throw new Error(`collection not made: ${made.status}`);
}
