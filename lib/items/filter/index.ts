export { compileFilter } from './compile';
export { escapeLike } from './like';
export type { FilterContext } from './context';
export { MAX_FILTER_DEPTH, MAX_FILTER_NODES } from './context';
