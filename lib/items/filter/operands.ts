import { sql, type RawBuilder } from 'kysely';
import type { Accountability } from '@/lib/core/accountability';
import { InvalidQueryError } from '@/lib/core/errors';
import { isDynamic, resolveDynamic } from '../dynamic-values';
import { castValue, type Target } from './cast';
import { checkedField, type FilterContext } from './context';
import type { Operands } from './operators';

const USERS = 'daas_users';
/** Never readable through `$CURRENT_USER.<field>`, whoever asks. */
const SECRET_USER_FIELDS = new Set(['password', 'token', 'tfa_secret']);

interface OperandScope {
  ctx: FilterContext;
  now: Date;
}

/** `(select "<field>" from daas_users where id = $user)`: a field of the caller's own row. */
function userField(field: string, scope: OperandScope): RawBuilder<unknown> {
  const f = checkedField(scope.ctx, USERS, field);
  if (SECRET_USER_FIELDS.has(f.field) || f.type === 'hash' || f.type === 'alias') {
    throw new InvalidQueryError(`Dynamic value "$CURRENT_USER.${field}" is not available`);
  }
  const user = scope.ctx.accountability?.user ?? null;
  return sql`(select ${sql.id('u')}.${sql.id(f.field)} from ${sql.id(USERS)} as ${sql.id('u')} where ${sql.id('u')}.${sql.id('id')} = ${user})`;
}

function resolve(value: unknown, accountability: Accountability | null, now: Date) {
  return isDynamic(value) ? resolveDynamic(value as string, accountability, now) : { value };
}

function splitList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && !isDynamic(value)) return value.split(',');
  return [value];
}

function asText(t: Target, value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value === 'object') {
    throw new InvalidQueryError(`Invalid value for field "${t.name}": expected text`);
  }
  return String(value);
}

export function makeOperands(t: Target, scope: OperandScope): Operands {
  const acc = scope.ctx.accountability;
  const expand = (value: unknown): (RawBuilder<unknown> | unknown)[] =>
    splitList(value).flatMap((item) => {
      const r = resolve(item, acc, scope.now);
      if ('user' in r) return [userField(r.user, scope)];
      return Array.isArray(r.value) ? r.value : [r.value];
    });
  const single = (value: unknown): { sql: RawBuilder<unknown> } | { value: unknown } => {
    const r = resolve(value, acc, scope.now);
    if ('user' in r) return { sql: userField(r.user, scope) };
    if (Array.isArray(r.value)) {
      throw new InvalidQueryError(`Field "${t.name}" is compared with a single value, not a list`);
    }
    return { value: r.value };
  };
  return {
    one(value) {
      const r = single(value);
      return 'sql' in r ? r.sql : sql`${castValue(t, r.value)}`;
    },
    list(value) {
      return expand(value).map((v) => (isSql(v) ? v : sql`${castValue(t, v)}`));
    },
    text(value) {
      const r = single(value);
      if ('sql' in r)
        throw new InvalidQueryError('$CURRENT_USER.<field> cannot be used as a pattern');
      return asText(t, r.value);
    },
    textList(value) {
      return expand(value).map((v) => {
        if (isSql(v))
          throw new InvalidQueryError('$CURRENT_USER.<field> cannot be used in a list here');
        return asText(t, v);
      });
    },
  };
}

function isSql(v: unknown): v is RawBuilder<unknown> {
  return typeof v === 'object' && v !== null && 'toOperationNode' in v && 'compile' in v;
}
