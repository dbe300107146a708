import type { FilterOperator } from '@/lib/items/query';
import type { FieldType } from '@/lib/schema/types';

/** What an operator's value looks like in the builder. */
export type ValueKind = 'single' | 'list' | 'range' | 'flag';

interface OperatorSpec {
  kind: ValueKind;
  types: readonly FieldType[];
}

const NUMERIC: FieldType[] = ['integer', 'bigInteger', 'float', 'decimal'];
const TEMPORAL: FieldType[] = ['date', 'time', 'dateTime', 'timestamp'];
const STRINGS: FieldType[] = ['string', 'text'];
const SCALAR: FieldType[] = [...NUMERIC, ...TEMPORAL, ...STRINGS, 'boolean', 'uuid', 'csv', 'hash'];
const ORDERED: FieldType[] = [...NUMERIC, ...TEMPORAL, ...STRINGS];
const ANY: FieldType[] = [...SCALAR, 'json', 'unknown'];
const TEXTY: FieldType[] = [...STRINGS, 'csv', 'json'];

/**
 * Every operator the query language has (a Record, so a new server operator fails the
 * type check here), with the field types the server accepts it on.
 */
export const OPERATORS: Record<FilterOperator, OperatorSpec> = {
  _eq: { kind: 'single', types: [...SCALAR, 'json'] },
  _neq: { kind: 'single', types: [...SCALAR, 'json'] },
  _lt: { kind: 'single', types: ORDERED },
  _lte: { kind: 'single', types: ORDERED },
  _gt: { kind: 'single', types: ORDERED },
  _gte: { kind: 'single', types: ORDERED },
  _in: { kind: 'list', types: SCALAR },
  _nin: { kind: 'list', types: SCALAR },
  _null: { kind: 'flag', types: ANY },
  _nnull: { kind: 'flag', types: ANY },
  _empty: { kind: 'flag', types: ANY },
  _nempty: { kind: 'flag', types: ANY },
  _contains: { kind: 'single', types: TEXTY },
  _ncontains: { kind: 'single', types: TEXTY },
  _icontains: { kind: 'single', types: TEXTY },
  _nicontains: { kind: 'single', types: TEXTY },
  _starts_with: { kind: 'single', types: STRINGS },
  _istarts_with: { kind: 'single', types: STRINGS },
  _nstarts_with: { kind: 'single', types: STRINGS },
  _nistarts_with: { kind: 'single', types: STRINGS },
  _ends_with: { kind: 'single', types: STRINGS },
  _iends_with: { kind: 'single', types: STRINGS },
  _nends_with: { kind: 'single', types: STRINGS },
  _niends_with: { kind: 'single', types: STRINGS },
  _between: { kind: 'range', types: ORDERED },
  _nbetween: { kind: 'range', types: ORDERED },
  _intersects: { kind: 'list', types: ['csv', 'json'] },
  _nintersects: { kind: 'list', types: ['csv', 'json'] },
};

export const OPERATOR_NAMES = Object.keys(OPERATORS) as FilterOperator[];

export function isOperator(key: string): key is FilterOperator {
  return Object.hasOwn(OPERATORS, key);
}

/** The operators that apply to a field type, in a stable order (most used first). */
export function operatorsFor(type: FieldType): FilterOperator[] {
  return OPERATOR_NAMES.filter((op) => OPERATORS[op].types.includes(type));
}

/** The value an operator starts with when picked, so the filter is valid right away. */
export function initialValue(op: FilterOperator): unknown {
  switch (OPERATORS[op].kind) {
    case 'flag':
      return true;
    case 'list':
      return [];
    case 'range':
      return ['', ''];
    default:
      return '';
  }
}

/**
 * Dynamic values the API resolves at request time (lib/items/dynamic-values.ts). `$NOW`
 * also takes an offset: `$NOW(-1 day)`.
 */
export const DYNAMIC_VALUES = [
  '$CURRENT_USER',
  '$CURRENT_ROLE',
  '$CURRENT_ROLES',
  '$CURRENT_POLICIES',
  '$NOW',
  '$NOW(-1 day)',
  '$NOW(-7 days)',
  '$NOW(+1 day)',
] as const;
