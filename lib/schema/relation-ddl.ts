import 'server-only';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@/lib/db/client';
import { ConflictError, InvalidPayloadError } from '@/lib/core/errors';

/** The referential actions PostgreSQL knows; only these words ever reach the DDL. */
export const REFERENTIAL_ACTIONS = [
  'NO ACTION',
  'RESTRICT',
  'CASCADE',
  'SET NULL',
  'SET DEFAULT',
] as const;
export type ReferentialAction = (typeof REFERENTIAL_ACTIONS)[number];

const ACTION_SQL: Record<ReferentialAction, ReturnType<typeof sql.raw>> = {
  'NO ACTION': sql.raw('no action'),
  RESTRICT: sql.raw('restrict'),
  CASCADE: sql.raw('cascade'),
  'SET NULL': sql.raw('set null'),
  'SET DEFAULT': sql.raw('set default'),
};

/**
 * `<collection>_<field>_foreign`, as Directus (knex) names it; names past 60 characters are
 * shortened with a hash so PostgreSQL's silent 63-character truncation never makes two
 * constraints collide.
 */
export function foreignKeyName(collection: string, field: string): string {
  const name = `${collection}_${field}_foreign`;
  if (name.length <= 60) return name;
  const hash = crypto.createHash('sha1').update(name).digest('hex').slice(0, 10);
  const suffix = `__${hash}_foreign`;
  return name.slice(0, 60 - suffix.length) + suffix;
}

// Column types PostgreSQL can compare across for a foreign key (same operator family).
const TYPE_FAMILIES: string[][] = [
  ['smallint', 'integer', 'bigint'],
  ['character varying', 'character', 'text'],
  ['real', 'double precision'],
];

export function typesCompatible(a: string, b: string): boolean {
  if (a === b) return true;
  return TYPE_FAMILIES.some((f) => f.includes(a) && f.includes(b));
}

export interface ForeignKeySpec {
  table: string;
  column: string;
  constraint: string;
  foreignTable: string;
  foreignColumn: string;
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

/**
 * Every name here was resolved against the schema overview or checked with
 * assertIdentifier before reaching this point; they are still emitted as quoted identifiers.
 */
export async function addForeignKey(db: Db, fk: ForeignKeySpec): Promise<void> {
  try {
    await sql`alter table ${sql.id(fk.table)} add constraint ${sql.id(fk.constraint)}
      foreign key (${sql.id(fk.column)}) references ${sql.id(fk.foreignTable)} (${sql.id(fk.foreignColumn)})
      on delete ${ACTION_SQL[fk.onDelete]} on update ${ACTION_SQL[fk.onUpdate]}`.execute(db);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '23503') {
      throw new InvalidPayloadError(
        `Field "${fk.column}" in collection "${fk.table}" holds values that don't exist in "${fk.foreignTable}"."${fk.foreignColumn}"; fix or clear them before adding the relation`,
      );
    }
    // A concurrent request made the same constraint first.
    if (code === '42710') {
      throw new ConflictError(
        `Field "${fk.column}" in collection "${fk.table}" already has a relation`,
      );
    }
    if (code === '42804' || code === '42883') {
      throw new InvalidPayloadError(
        `Field "${fk.column}" in collection "${fk.table}" can't reference "${fk.foreignTable}"."${fk.foreignColumn}": the types differ`,
      );
    }
    throw err;
  }
}

export async function dropConstraint(db: Db, table: string, constraint: string): Promise<void> {
  await sql`alter table ${sql.id(table)} drop constraint if exists ${sql.id(constraint)}`.execute(
    db,
  );
}
