export { FilterBuilder, type FilterBuilderProps } from './filter-builder';
export { parseFilter, toFilter } from './model';
export { DYNAMIC_VALUES, OPERATORS, operatorsFor } from './operators';
