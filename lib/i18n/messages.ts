/**
 * Studio messages live in one file per module and locale (messages/<locale>/<module>.json), so
 * work on one module never edits another module's strings. Each file holds whole top-level
 * namespaces; a namespace belongs to exactly one file.
 */
export const MESSAGE_MODULES = [
  'core',
  'home',
  'collections',
  'content',
  'item-editor',
  'files',
  'access',
  'settings',
  'api-explorer',
  'activity',
  'workflows',
  'extensions',
] as const;

export type MessageTree = { [key: string]: string | MessageTree };

export function mergeMessageModules(modules: readonly MessageTree[]): MessageTree {
  const merged: MessageTree = {};
  for (const file of modules) {
    for (const [namespace, value] of Object.entries(file)) {
      if (Object.hasOwn(merged, namespace)) {
        throw new Error(`Message namespace ${namespace} is defined in two module files`);
      }
      merged[namespace] = value;
    }
  }
  return merged;
}

export async function loadMessages(locale: string): Promise<MessageTree> {
  const modules = await Promise.all(
    MESSAGE_MODULES.map(
      async (name) =>
        (await import(`../../messages/${locale}/${name}.json`)).default as MessageTree,
    ),
  );
  return mergeMessageModules(modules);
}
