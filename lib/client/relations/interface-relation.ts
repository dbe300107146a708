import type { InterfaceDefinition } from '../collections/schema-types';

export type RelationKind = 'm2o' | 'o2m' | 'm2m';

/** Which relation an interface sets up, from its local types in the interface catalogue. */
export function relationKindOf(
  iface: Pick<InterfaceDefinition, 'localTypes'>,
): RelationKind | null {
  const lt = iface.localTypes;
  if (lt.includes('m2o') || lt.includes('file')) return 'm2o';
  if (lt.includes('o2m')) return 'o2m';
  if (lt.includes('m2m') || lt.includes('files')) return 'm2m';
  return null;
}

/** File interfaces always point at the files collection. */
export function fixedRelatedOf(iface: Pick<InterfaceDefinition, 'localTypes'>): string | null {
  return iface.localTypes.includes('file') || iface.localTypes.includes('files')
    ? 'daas_files'
    : null;
}
