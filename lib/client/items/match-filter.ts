import { isRecord } from '../guards';

/**
 * A Directus filter evaluated in the browser over one item's current values, for what the
 * form decides while someone types (field conditions). The server stays the guard: it
 * evaluates the same rules in SQL when the item is written.
 */

/** What dynamic values (`$CURRENT_USER`, `$NOW`...) stand for while evaluating. */
export interface FilterVariables {
  user?: Record<string, unknown> | null;
  roles?: string[];
  policies?: string[];
  now?: Date;
}

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isRecord(v) && Object.keys(v).length === 0);

const NOW_OFFSET = /^\$NOW\(\s*([+-]?)\s*(\d{1,6})\s*([a-z]+?)s?\s*\)$/i;
const UNIT_MS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_592_000_000,
  year: 31_536_000_000,
};

/** The value a `$...` word stands for; any other value as it is. */
export function resolveDynamic(value: unknown, vars: FilterVariables): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveDynamic(v, vars));
  if (typeof value !== 'string' || !value.startsWith('$')) return value;
  const user = vars.user ?? null;
  if (value === '$CURRENT_USER') return user?.id ?? null;
  if (value.startsWith('$CURRENT_USER.')) return user?.[value.slice(14)] ?? null;
  if (value === '$CURRENT_ROLE') return user?.role ?? null;
  if (value === '$CURRENT_ROLES') return vars.roles ?? (user?.role ? [user.role] : []);
  if (value === '$CURRENT_POLICIES') return vars.policies ?? [];
  const now = vars.now ?? new Date();
  if (value === '$NOW') return now.toISOString();
  const m = NOW_OFFSET.exec(value);
  const unit = m ? UNIT_MS[m[3].toLowerCase()] : undefined;
  if (m && unit) {
    return new Date(now.getTime() + (m[1] === '-' ? -1 : 1) * Number(m[2]) * unit).toISOString();
  }
  return value;
}

/** A related item as the form holds it (`{id, name}`) compares by its key. */
function scalar(v: unknown): unknown {
  if (isRecord(v) && 'id' in v) return v.id;
  return v;
}

function equal(a: unknown, b: unknown): boolean {
  const x = scalar(a);
  if (x === b) return true;
  if (x === null || x === undefined || b === null || b === undefined) return false;
  if (typeof x === 'object' || typeof b === 'object')
    return JSON.stringify(x) === JSON.stringify(b);
  // A form holds `5` where a rule says `"5"` (and the other way round): same value.
  return String(x) === String(b);
}

/** Numbers as numbers, dates as instants, anything else as text. */
function compare(a: unknown, b: unknown): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  const da = Date.parse(String(a));
  const db = Date.parse(String(b));
  if (!Number.isNaN(da) && !Number.isNaN(db)) return da - db;
  return String(a).localeCompare(String(b));
}

const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const elements = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : [];

function contains(value: unknown, term: unknown, insensitive: boolean): boolean {
  if (Array.isArray(value)) return value.some((e) => equal(e, term));
  const t = text(term);
  return insensitive
    ? text(value).toLowerCase().includes(t.toLowerCase())
    : text(value).includes(t);
}

/** One operator applied to one value; unknown operators never match. */
export function matchOperator(op: string, value: unknown, operand: unknown): boolean {
  const v = scalar(value);
  switch (op) {
    case '_eq':
      return equal(value, operand);
    case '_neq':
      return !equal(value, operand);
    case '_in':
      return list(operand).some((o) => equal(value, o));
    case '_nin':
      return !list(operand).some((o) => equal(value, o));
    case '_null':
      return (v === null || v === undefined) === Boolean(operand);
    case '_nnull':
      return (v !== null && v !== undefined) === Boolean(operand);
    case '_empty':
      return empty(v) === Boolean(operand);
    case '_nempty':
      return !empty(v) === Boolean(operand);
    case '_lt':
    case '_lte':
    case '_gt':
    case '_gte': {
      const c = compare(v, operand);
      if (c === null) return false;
      return op === '_lt' ? c < 0 : op === '_lte' ? c <= 0 : op === '_gt' ? c > 0 : c >= 0;
    }
    case '_between':
    case '_nbetween': {
      const [lo, hi] = list(operand);
      const a = compare(v, lo);
      const b = compare(v, hi);
      const inside = a !== null && b !== null && a >= 0 && b <= 0;
      return op === '_between' ? inside : a !== null && b !== null && !inside;
    }
    case '_contains':
    case '_icontains':
      return contains(value, operand, op === '_icontains');
    case '_ncontains':
    case '_nicontains':
      return !contains(value, operand, op === '_nicontains');
    case '_starts_with':
      return text(v).startsWith(text(operand));
    case '_istarts_with':
      return text(v).toLowerCase().startsWith(text(operand).toLowerCase());
    case '_nstarts_with':
      return !text(v).startsWith(text(operand));
    case '_nistarts_with':
      return !text(v).toLowerCase().startsWith(text(operand).toLowerCase());
    case '_ends_with':
      return text(v).endsWith(text(operand));
    case '_iends_with':
      return text(v).toLowerCase().endsWith(text(operand).toLowerCase());
    case '_nends_with':
      return !text(v).endsWith(text(operand));
    case '_niends_with':
      return !text(v).toLowerCase().endsWith(text(operand).toLowerCase());
    case '_intersects':
      return elements(v).some((e) => list(operand).some((o) => equal(e, o)));
    case '_nintersects':
      return !elements(v).some((e) => list(operand).some((o) => equal(e, o)));
    case '_regex': {
      try {
        const source = text(operand).replace(/^\/(.*)\/[a-z]*$/s, '$1');
        return new RegExp(source).test(text(v));
      } catch {
        return false;
      }
    }
    default:
      return false;
  }
}

/**
 * Whether `item` matches `filter`: `_and`/`_or`, operators per field, nested objects for
 * related items the form holds (`{author: {name: {_eq: 'Ada'}}}`), `_some`/`_none` over
 * lists. Dynamic values resolve through `vars`.
 */
export function matchesFilter(filter: unknown, item: unknown, vars: FilterVariables = {}): boolean {
  if (!isRecord(filter)) return true;
  const values = isRecord(item) ? item : {};
  return Object.entries(filter).every(([key, rule]) => {
    if (key === '_and')
      return Array.isArray(rule) && rule.every((f) => matchesFilter(f, values, vars));
    if (key === '_or')
      return Array.isArray(rule) && rule.some((f) => matchesFilter(f, values, vars));
    if (key.startsWith('_')) return matchOperator(key, values, resolveDynamic(rule, vars));
    return matchesField(values[key], rule, vars);
  });
}

function matchesField(value: unknown, rule: unknown, vars: FilterVariables): boolean {
  if (!isRecord(rule)) return equal(value, resolveDynamic(rule, vars));
  return Object.entries(rule).every(([key, operand]) => {
    if (key === '_some' || key === '_none') {
      const rows = Array.isArray(value) ? value : [];
      const any = rows.some((row) => matchesFilter(operand, row, vars));
      return key === '_some' ? any : !any;
    }
    if (key === '_and' || key === '_or') return matchesFilter({ [key]: operand }, value, vars);
    if (key.startsWith('_')) return matchOperator(key, value, resolveDynamic(operand, vars));
    // A field of a related item: the form holds it only when it read it nested.
    return matchesField(isRecord(value) ? value[key] : undefined, operand, vars);
  });
}
