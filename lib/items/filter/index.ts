export { compileFilter } from './compile';
export { escapeLike } from './like';
export type { FilterContext } from './context';
