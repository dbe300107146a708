import { runtimeKeys } from './keys';
import type { RuntimeResource } from './types';

/**
 * What a change to a resource may show elsewhere: an extension's name and type appear in
 * the cron and services pickers and lists, so its changes refresh the whole module.
 */
export const touched = (resource: RuntimeResource) =>
  resource === 'extensions' ? runtimeKeys.root : runtimeKeys.resource(resource);
