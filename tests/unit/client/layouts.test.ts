import { describe, expect, it } from 'vitest';
import {
  boundValue,
  dayKey,
  dayOfValue,
  movedValue,
  shift,
  spanOf,
} from '@/components/studio/content/layouts/calendar-dates';
import {
  calendarSetup,
  cardsSetup,
  kanbanSetup,
} from '@/components/studio/content/layouts/layout-fields';
import {
  defaultView,
  optionsOf,
  searchWithView,
  viewFromSearch,
} from '@/components/studio/content/use-browser-view';
import type { FilterField } from '@/components/studio/kit/filter-builder/use-filter-fields';

const paths: FilterField[] = [
  { path: 'id', label: 'ID', type: 'integer' },
  { path: 'title', label: 'Title', type: 'string' },
  { path: 'cover', label: 'Cover', type: 'uuid', interface: 'file-image' },
  { path: 'due', label: 'Due', type: 'date' },
  { path: 'starts', label: 'Starts', type: 'timestamp' },
  {
    path: 'status',
    label: 'Status',
    type: 'string',
    choices: [
      { text: 'Open', value: 'open' },
      { text: 'Closed', value: 'closed' },
    ],
  },
  { path: 'author.due', label: 'Author › Due', type: 'date' },
];

describe('calendar spans', () => {
  it('shows six Monday-first weeks for a month, starting before the first', () => {
    const { days, start, end } = spanOf('month', '2020-03-15');
    expect(days).toHaveLength(42);
    expect(dayKey(start)).toBe('2020-02-24');
    expect(dayKey(end)).toBe('2020-04-06');
    expect(days.map(dayKey)).toContain('2020-03-31');
  });

  it('shows the Monday-first week holding the day, and the day alone', () => {
    expect(spanOf('week', '2020-03-01').days.map(dayKey)).toEqual([
      '2020-02-24',
      '2020-02-25',
      '2020-02-26',
      '2020-02-27',
      '2020-02-28',
      '2020-02-29',
      '2020-03-01',
    ]);
    expect(spanOf('day', '2020-03-01').days.map(dayKey)).toEqual(['2020-03-01']);
  });

  it('steps a month to the first of the next, a week by seven days', () => {
    expect(shift('month', '2020-01-31', 1)).toBe('2020-02-01');
    expect(shift('month', '2020-01-31', -1)).toBe('2019-12-01');
    expect(shift('week', '2020-02-27', 1)).toBe('2020-03-05');
    expect(shift('day', '2020-02-29', 1)).toBe('2020-03-01');
  });
});

describe('moving an item to another day', () => {
  it('writes a date as the day, a date-time keeping its time of day', () => {
    expect(movedValue('date', '2020-03-02', '2020-03-10')).toBe('2020-03-10');
    expect(movedValue('dateTime', '2020-03-02T14:30:00', '2020-03-10')).toBe('2020-03-10T14:30:00');
    const moved = new Date(
      movedValue('timestamp', new Date(2020, 2, 2, 9, 15).toISOString(), '2020-03-10'),
    );
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([10, 9, 15]);
  });

  it('reads the day of each kind, and nothing of a bad value', () => {
    expect(dayOfValue('date', '2020-03-02')).toBe('2020-03-02');
    expect(dayOfValue('dateTime', '2020-03-02T23:59:00')).toBe('2020-03-02');
    expect(dayOfValue('timestamp', 'not a date at all')).toBeNull();
    expect(dayOfValue('date', null)).toBeNull();
    expect(boundValue('dateTime', new Date(2020, 2, 2))).toBe('2020-03-02T00:00:00');
  });
});

describe('layout settings', () => {
  it('fills in the first image, date and choice fields of the collection itself', () => {
    const cards = cardsSetup(undefined, paths, 'id', '{{title}}');
    expect(cards).toEqual({
      imageSource: 'cover',
      title: '{{title}}',
      subtitle: null,
      fields: ['id', 'title', 'cover'],
    });
    expect(calendarSetup(undefined, paths)).toMatchObject({ startDateField: 'due', mode: 'month' });
    expect(kanbanSetup(undefined, paths, new Map()).groupField).toBe('status');
  });

  it('ignores chosen fields that are not there or not of the right kind', () => {
    expect(cardsSetup({ imageSource: 'title' }, paths, 'id', '{{title}}').imageSource).toBe(
      'cover',
    );
    expect(calendarSetup({ startDateField: 'author.due' }, paths).startDateField).toBe('due');
    expect(calendarSetup({ startDateField: 'starts' }, paths).dateType).toBe('timestamp');
    expect(
      kanbanSetup({ groupField: 'title' }, paths, new Map()).columns.map((c) => c.value),
    ).toEqual(['open', 'closed']);
  });

  it('offers many-to-one fields as board columns, read from the related collection', () => {
    const relatedOf = new Map([['author', 'people']]);
    const withAuthor = [...paths, { path: 'author', label: 'Author', type: 'integer' as const }];
    const setup = kanbanSetup({ groupField: 'author' }, withAuthor, relatedOf);
    expect(setup).toEqual({ groupField: 'author', columns: [], related: 'people' });
    // A related field (author.due) never splits the board.
    expect(kanbanSetup({ groupField: 'author.due' }, withAuthor, relatedOf).groupField).toBe(
      'status',
    );
  });

  it('reads from the URL only known options of the right kind', () => {
    expect(optionsOf({ kanban: { groupField: 'status', extra: 1 }, evil: { x: 1 } })).toEqual({
      kanban: { groupField: 'status' },
    });
    expect(optionsOf({ calendar: { mode: 'year', date: '2020-3-1' } })).toEqual({ calendar: {} });
    expect(optionsOf('[]')).toBeUndefined();
  });

  it('round-trips the layout and its options through the URL', () => {
    const base = defaultView(['id', 'title']);
    const view = {
      ...base,
      layout: 'calendar' as const,
      options: { calendar: { date: '2020-03-01' } },
    };
    const params = searchWithView(new URLSearchParams(), view, base);
    expect(params.get('layout')).toBe('calendar');
    expect(viewFromSearch(params, base)).toEqual(view);
    expect(viewFromSearch(new URLSearchParams('layout=nope'), base).layout).toBe('tabular');
  });
});
