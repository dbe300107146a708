import type { RuntimeListParams, RuntimeResource } from './types';

/**
 * Query keys of extensions, cron jobs and services. These are instance-wide (not per scope):
 * the tables have no scope and only administrators read them.
 */
export const runtimeKeys = {
  root: ['runtime'] as const,
  resource: (resource: RuntimeResource) => [...runtimeKeys.root, resource] as const,
  list: (resource: RuntimeResource, params: RuntimeListParams) =>
    [...runtimeKeys.resource(resource), 'list', params] as const,
  detail: (resource: RuntimeResource, id: string) =>
    [...runtimeKeys.resource(resource), 'detail', id] as const,
  options: (type: string) => [...runtimeKeys.resource('extensions'), 'options', type] as const,
  runs: (id: string) => [...runtimeKeys.resource('cron'), 'runs', id] as const,
};
