import 'server-only';
import type { RawBuilder } from 'kysely';
import type { Db } from '@/lib/db/client';
import { emitter, itemEvents, type HookContext, type HookMeta } from '@/lib/events/emitter';
import { AppError, invalidField, InvalidPayloadError, NotFoundError } from '@/lib/core/errors';
import type { CollectionOverview, SchemaOverview } from '@/lib/schema/overview';
import { recordActivity, type AuditAction } from './audit';
import {
  authorizeWrite,
  checkFields,
  checksCreatedRow,
  checkWritten,
  withDefaults,
} from './authorize';
import { checkFieldRows, checkValidated, coverageOf } from './field-rows';
import {
  checkConditions,
  enforcedConditions,
  hasReadonlyConditions,
  plainRequiredMet,
} from './conditions';
import type { ItemsContext } from './context';
import { writableCollection } from './guard';
import { writeRelated } from './nested';
import { insertAudited, revisionsAlike } from './one-statement';
import { plainColumns, preparePayload } from './prepare';
import { deleteRows, insertRow, selectRows, updateRows, type Key, type Row } from './sql';
import { coerceKey, coerceValue } from './validate';
import { isRecord } from '@/lib/core/guards';

export interface Mutation {
  collection: string;
  action: AuditAction;
  keys: Key[];
  payload: unknown;
}

export function notFound(): AppError {
  return new NotFoundError('Item not found');
}

function pick(row: Row, names: string[]): Row {
  return Object.fromEntries(names.map((n) => [n, row[n]]));
}

/**
 * Writes items inside one transaction: filter hooks, validation, nested relational writes,
 * SQL, audit. Everything it changed is listed in `mutations` so the caller can emit the
 * action hooks once the transaction has committed.
 */
/** Set only by the system-collection services (users, roles, ...). */
export interface WriteOptions {
  /** `daas_*` collections may be written, which /api/items refuses. */
  system?: boolean;
  /** Write-only fields per collection, kept out of revisions. */
  hidden?: Readonly<Record<string, readonly string[]>>;
  /**
   * Runs first inside the write's transaction: checks that must see the rows as the write
   * will change them, and refuse (throw) before anything is written.
   */
  before?: (db: Db) => Promise<void>;
  /** Runs last inside the write's transaction: more writes that commit or roll back with it. */
  after?: (db: Db) => Promise<void>;
  /** False: neither filter nor action hooks run (the specification's "bypasses emitter"). */
  events?: boolean;
}

export class Writer {
  readonly mutations: Mutation[] = [];

  constructor(
    readonly ctx: ItemsContext,
    readonly schema: SchemaOverview,
    readonly options: WriteOptions = {},
  ) {}

  private redact(collection: string): readonly string[] {
    const hidden = this.options.hidden;
    return hidden && Object.hasOwn(hidden, collection) ? hidden[collection] : [];
  }

  get hookContext(): HookContext {
    return {
      schema: this.schema,
      accountability: this.ctx.accountability,
      resourceUri: this.ctx.scope,
    };
  }

  collection(name: string): CollectionOverview & { primary: string } {
    return writableCollection(this.schema, name, this.options.system);
  }

  /** Filter hooks; a plain Error thrown by a hook is its author's validation message. */
  async filter<T>(collection: string, action: AuditAction, payload: T, meta: HookMeta): Promise<T> {
    if (this.options.events === false) return payload;
    try {
      return await emitter().emitFilter(
        itemEvents(collection, action),
        payload,
        meta,
        this.hookContext,
      );
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new InvalidPayloadError(err instanceof Error ? err.message : String(err));
    }
  }

  async key(c: CollectionOverview & { primary: string }, raw: unknown): Promise<Key | null> {
    return coerceKey(c.fields[c.primary], raw);
  }

  async exists(collection: string, key: Key): Promise<boolean> {
    const c = this.collection(collection);
    const rows = await selectRows(this.ctx.db, { table: collection, pk: c.primary, keys: [key] });
    return rows.length > 0;
  }

  /** An object with an existing key updates that item; anything else creates one. */
  async upsert(collection: string, data: Record<string, unknown>): Promise<Key> {
    const c = this.collection(collection);
    const raw = data[c.primary];
    if (raw !== undefined && raw !== null) {
      // An invalid key is a 400 naming the primary key field.
      const key = (await coerceValue(c.fields[c.primary], raw)) as Key;
      if (await this.exists(collection, key)) {
        const rest = { ...data };
        delete rest[c.primary];
        await this.updateMany(collection, [key], rest);
        return key;
      }
    }
    return this.create(collection, data);
  }

  /**
   * A create that needs nothing between its insert and its audit (no filter hooks, no nested
   * or related-object writes, no permission check of the written row) as one autocommit
   * statement, outside any transaction. `null`: it needs more; nothing was written.
   */
  async createAlone(
    collection: string,
    data: unknown,
    echo?: RawBuilder<{ item: unknown }>,
  ): Promise<{ key: Key; echo: unknown } | null> {
    const c = this.collection(collection);
    if (itemEvents(collection, 'create').some((e) => emitter().hasFilters(e))) return null;
    if (!isRecord(data) || !revisionsAlike(c)) return null;
    const rule = await this.createRule(c);
    if (checksCreatedRow(rule)) return null;
    checkFields(rule, data);
    const payload = withDefaults(rule, data);
    if (!plainColumns(this.schema, c, payload)) return null;
    const { columns } = await preparePayload(this, c, payload, 'create');
    if (!plainRequiredMet(enforcedConditions(c), columns)) return null;
    const done = await insertAudited(this.ctx, c, columns, echo);
    const key = done.row[c.primary] as Key;
    this.mutations.push({ collection, action: 'create', keys: [key], payload });
    return { key, echo: done.echo };
  }

  private createRule(c: CollectionOverview & { primary: string }) {
    const target = { collection: c.collection, schema: this.schema, pk: c.primary };
    return authorizeWrite(this.ctx, { action: 'create', ...target });
  }

  async create(collection: string, data: unknown): Promise<Key> {
    const c = this.collection(collection);
    const rule = await this.createRule(c);
    const hooked = await this.filter(collection, 'create', data, { collection });
    checkFields(rule, hooked);
    const payload = isRecord(hooked) ? withDefaults(rule, hooked) : hooked;
    const { columns, related } = await preparePayload(this, c, payload, 'create');
    const row = await insertRow(this.ctx.db, { table: collection, values: columns });
    const key = row[c.primary] as Key;
    for (const r of related) await writeRelated(this, { hop: r.hop, parent: row, value: r.value });
    const list = enforcedConditions(c);
    await checkConditions(this.ctx, {
      schema: this.schema,
      collection: c,
      list,
      rows: [row],
      payload: hooked,
      creating: true,
    });
    await checkWritten(this.ctx, { rule, schema: this.schema, pk: c.primary, keys: [key] });
    const target = { rule, schema: this.schema, pk: c.primary };
    await checkFieldRows(this.ctx, { ...target, keys: [key], payload: hooked, check: 'created' });
    await recordActivity(this.ctx.db, {
      ctx: this.ctx,
      collection: c,
      redact: this.redact(collection),
      action: 'create',
      entries: [{ key, data: row, delta: pick(row, Object.keys(columns)) }],
    });
    this.mutations.push({ collection, action: 'create', keys: [key], payload });
    return key;
  }

  /** Updates items that are known to exist; the same change for each (batch semantics). */
  async updateMany(collection: string, keys: Key[], data: unknown): Promise<Key[]> {
    const c = this.collection(collection);
    const rule = await authorizeWrite(this.ctx, {
      action: 'update',
      collection,
      schema: this.schema,
      pk: c.primary,
      keys,
    });
    const payload = await this.filter(collection, 'update', data, { collection, keys });
    checkFields(rule, payload);
    const target = { rule, schema: this.schema, pk: c.primary, keys, payload };
    await checkFieldRows(this.ctx, { ...target, check: 'rows' });
    const coverage = await coverageOf(this.ctx, target);
    const { columns, related } = await preparePayload(this, c, payload, 'update');
    if (Object.hasOwn(columns, c.primary)) {
      if (keys.length !== 1 || String(columns[c.primary]) !== String(keys[0])) {
        throw invalidField(c.primary, "can't be changed", {
          type: 'readonly',
          message: `Primary key "${c.primary}" can't be changed`,
        });
      }
      delete columns[c.primary];
    }
    const list = enforcedConditions(c);
    const before = hasReadonlyConditions(list)
      ? await selectRows(this.ctx.db, { table: collection, pk: c.primary, keys })
      : [];
    const rows = await updateRows(this.ctx.db, {
      table: collection,
      pk: c.primary,
      keys,
      values: columns,
    });
    for (const row of rows) {
      for (const r of related)
        await writeRelated(this, { hop: r.hop, parent: row, value: r.value });
    }
    await checkConditions(this.ctx, {
      schema: this.schema,
      collection: c,
      list,
      rows,
      payload,
      creating: false,
      before: new Map(before.map((r) => [String(r[c.primary]), r])),
    });
    await checkWritten(this.ctx, { rule, schema: this.schema, pk: c.primary, keys });
    await checkValidated(this.ctx, { ...target, coverage });
    await recordActivity(this.ctx.db, {
      ctx: this.ctx,
      collection: c,
      redact: this.redact(collection),
      action: 'update',
      entries: rows.map((row) => ({
        key: row[c.primary] as Key,
        data: row,
        delta: pick(row, Object.keys(columns)),
      })),
    });
    this.mutations.push({ collection, action: 'update', keys, payload });
    return keys;
  }

  async update(collection: string, key: Key, data: unknown): Promise<Key> {
    if (!(await this.exists(collection, key))) throw notFound();
    await this.updateMany(collection, [key], data);
    return key;
  }

  async remove(collection: string, keys: Key[]): Promise<Key[]> {
    const c = this.collection(collection);
    await authorizeWrite(this.ctx, {
      action: 'delete',
      collection,
      schema: this.schema,
      pk: c.primary,
      keys,
    });
    const chosen = await this.filter(collection, 'delete', keys, { collection, keys });
    const rows = await deleteRows(this.ctx.db, { table: collection, pk: c.primary, keys: chosen });
    const deleted = rows.map((row) => row[c.primary] as Key);
    await recordActivity(this.ctx.db, {
      ctx: this.ctx,
      collection: c,
      redact: this.redact(collection),
      action: 'delete',
      entries: rows.map((row, i) => ({ key: deleted[i], data: row, delta: null })),
    });
    this.mutations.push({ collection, action: 'delete', keys: deleted, payload: deleted });
    return deleted;
  }
}
