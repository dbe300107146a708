import { describe, expect, it } from 'vitest';
import { allowed, isActive } from '@/components/studio/nav-items';
import { foldDays, lastDays } from '@/lib/client/activity/activity-per-day-query';
import { filterParams } from '@/lib/client/activity/filter-params';
import { ApiError, parseApiError } from '@/lib/client/fetcher';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { levelName } from '@/lib/client/logs/types';

describe('fieldErrorsOf', () => {
  it('reads the fields of a simple error body from extensions.fields, by field', () => {
    const error = parseApiError(400, {
      error: 'Invalid payload: "project_name": Too small; "cors_origins.0": must be an origin',
      code: 'INVALID_PAYLOAD',
      extensions: {
        field: 'project_name',
        type: 'too_small',
        fields: [
          { field: 'project_name', type: 'too_small', message: 'Too small' },
          {
            field: 'cors_origins',
            type: 'custom',
            message: 'must be an origin',
            path: ['cors_origins', 0],
          },
          { field: 'project_name', type: 'custom', message: 'second problem' },
        ],
      },
    });
    expect(fieldErrorsOf(error)).toEqual({
      project_name: 'Too small',
      cors_origins: 'must be an origin',
    });
  });

  it('reads one entry per field of a structured body, and a lone extensions.field', () => {
    const several = parseApiError(400, {
      errors: [
        {
          message: '"a": bad',
          extensions: { code: 'FAILED_VALIDATION', field: 'a', type: 'required' },
        },
        {
          message: '"b": worse',
          extensions: { code: 'FAILED_VALIDATION', field: 'b', type: '_eq' },
        },
      ],
    });
    expect(several.code).toBe('FAILED_VALIDATION');
    expect(fieldErrorsOf(several)).toEqual({ a: '"a": bad', b: '"b": worse' });
    const unique = parseApiError(409, {
      error: 'Value for field "email" has to be unique',
      code: 'RECORD_NOT_UNIQUE',
      extensions: { field: 'email', type: 'unique' },
    });
    expect(fieldErrorsOf(unique)).toEqual({ email: 'Value for field "email" has to be unique' });
  });

  it('never reads a field out of the words of a message', () => {
    const worded = parseApiError(400, {
      error: '"current_password" is wrong',
      code: 'INVALID_PAYLOAD',
    });
    expect(fieldErrorsOf(worded)).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'INVALID_PAYLOAD', 'Field "name" is required'))).toEqual(
      {},
    );
    expect(fieldErrorsOf(new Error('"x": y'))).toEqual({});
  });
});

describe('actions per day', () => {
  it('lists every UTC day of the range, oldest first, ending today', () => {
    expect(lastDays(3, new Date('2026-03-01T10:00:00Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('folds (day, action) groups into days, zero where nothing happened', () => {
    const rows = [
      {
        count: { id: 2 },
        'year(timestamp)': 2026,
        'month(timestamp)': 3,
        'day(timestamp)': 1,
        action: 'create',
      },
      {
        count: { id: 1 },
        'year(timestamp)': 2026,
        'month(timestamp)': 3,
        'day(timestamp)': 1,
        action: 'delete',
      },
      {
        count: { id: 9 },
        'year(timestamp)': 2025,
        'month(timestamp)': 1,
        'day(timestamp)': 1,
        action: 'create',
      },
    ];
    expect(foldDays(rows, ['2026-02-28', '2026-03-01'])).toEqual([
      { day: '2026-02-28', counts: {}, total: 0 },
      { day: '2026-03-01', counts: { create: 2, delete: 1 }, total: 3 },
    ]);
  });

  it('turns filters into items-query filter parameters with whole-day bounds', () => {
    const params = filterParams({ action: 'update', from: '2026-01-02', to: '2026-01-03' });
    expect(Object.fromEntries(params)).toEqual({
      'filter[action][_eq]': 'update',
      'filter[timestamp][_gte]': '2026-01-02T00:00:00.000Z',
      'filter[timestamp][_lte]': '2026-01-03T23:59:59.999Z',
    });
  });
});

describe('log levels', () => {
  it('names a pino level number', () => {
    expect(levelName(30)).toBe('info');
    expect(levelName(50)).toBe('error');
    expect(levelName(35)).toBe('info');
  });
});

describe('navigation', () => {
  const none = { admin: false, activity: false, logs: false, files: false };

  it('shows app modules to everyone with studio access, admin modules to admins only', () => {
    expect(allowed('app', null)).toBe(true);
    expect(allowed('admin', none)).toBe(false);
    expect(allowed('admin', { ...none, admin: true })).toBe(true);
  });

  it('shows logs to holders of system:logs and activity to readers of the log', () => {
    expect(allowed('logs', none)).toBe(false);
    expect(allowed('logs', { ...none, logs: true })).toBe(true);
    expect(allowed('activity', { ...none, activity: true })).toBe(true);
    expect(allowed('activity', null)).toBe(false);
  });

  it('marks home active only on the home page itself', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/content')).toBe(false);
    expect(isActive('/settings', '/settings/email')).toBe(true);
  });
});
