import { describe, expect, it } from 'vitest';
import type { Field } from '@/lib/client/collections/schema-types';
import {
  createBody,
  draftErrors,
  draftFromField,
  emptyDraft,
  updateBody,
} from '@/components/studio/collections/field-draft';

describe('field editor drafts', () => {
  it('types the default value for the column', () => {
    const body = createBody(
      { ...emptyDraft('slider', 'integer'), field: 'rating', defaultValue: '3' },
      4,
    );
    expect(body).toMatchObject({
      type: 'integer',
      schema: { default_value: 3 },
      meta: { sort: 4 },
    });
  });

  it('reports a default that does not fit the type', () => {
    expect(draftErrors({ ...emptyDraft('input', 'integer'), defaultValue: 'abc' })).toEqual([
      'defaultNumber',
    ]);
    expect(draftErrors({ ...emptyDraft('input-code', 'json'), defaultValue: '{' })).toEqual([
      'defaultJson',
    ]);
    expect(draftErrors({ ...emptyDraft('boolean', 'boolean'), defaultValue: 'yes' })).toEqual([
      'defaultBoolean',
    ]);
  });

  it('writes choices into the options and bounds into a validation filter', () => {
    const body = createBody(
      {
        ...emptyDraft('select-dropdown', 'integer'),
        field: 'level',
        choices: [{ text: 'Low', value: '1' }],
        min: '1',
        max: '5',
      },
      1,
    );
    expect(body.meta).toMatchObject({
      options: { choices: [{ text: 'Low', value: 1 }], min: 1, max: 5 },
      validation: { _and: [{ level: { _gte: 1 } }, { level: { _lte: 5 } }] },
    });
  });

  it('makes presentation interfaces alias fields without a column', () => {
    expect(
      createBody({ ...emptyDraft('presentation-divider', 'alias'), field: 'split' }, 2),
    ).toEqual({
      field: 'split',
      type: 'alias',
      meta: {
        interface: 'presentation-divider',
        special: ['alias', 'no-data'],
        note: null,
        sort: 2,
        width: 'full',
        group: null,
        conditions: null,
        options: null,
      },
    });
  });

  it('writes width, group, conditions and layout options, and refuses malformed ones', () => {
    const draft = {
      ...emptyDraft('presentation-notice', 'alias'),
      field: 'heads_up',
      width: 'half',
      group: 'details',
      conditions: '[{"rule":{"status":{"_eq":"draft"}},"hidden":true}]',
      layoutOptions: '{"text":"Careful","color":"warning"}',
    };
    expect(createBody(draft, 3).meta).toMatchObject({
      width: 'half',
      group: 'details',
      conditions: [{ rule: { status: { _eq: 'draft' } }, hidden: true }],
      options: { text: 'Careful', color: 'warning' },
    });
    expect(draftErrors({ ...draft, conditions: '[{"hidden":true}]' })).toEqual(['conditions']);
    expect(draftErrors({ ...draft, layoutOptions: '[1]' })).toEqual(['layoutOptions']);
  });

  it('reads an existing field back into the same draft it was made from', () => {
    const draft = {
      ...emptyDraft('input', 'string'),
      field: 'title',
      pattern: '^[A-Z]',
      required: true,
      note: 'Shown on cards',
    };
    const body = createBody(draft, 1);
    const field: Field = {
      collection: 'articles',
      field: 'title',
      type: 'string',
      schema: {
        name: 'title',
        table: 'articles',
        numeric_precision: null,
        numeric_scale: null,
        is_generated: false,
        comment: null,
        data_type: 'character varying',
        default_value: null,
        max_length: 255,
        is_nullable: true,
        is_unique: false,
        is_primary_key: false,
        has_auto_increment: false,
        has_index: false,
        foreign_key_table: null,
        foreign_key_column: null,
      },
      meta: {
        ...(body.meta as unknown as NonNullable<Field['meta']>),
        special: null,
        display: null,
        width: null,
        searchable: null,
      },
    };
    expect(draftFromField(field)).toEqual({ ...draft, maxLength: '255' });
    expect(updateBody(draftFromField(field), field)).not.toHaveProperty('type');
  });
});
