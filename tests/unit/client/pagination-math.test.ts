import { describe, expect, it } from 'vitest';
import {
  clampPage,
  pageCount,
  pageOffset,
  pageRange,
} from '@/components/studio/kit/pagination-math';

describe('paging arithmetic', () => {
  it('counts pages, with at least one and none known without a total', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(null, 25)).toBeNull();
  });

  it('gives the rows a page shows', () => {
    expect(pageRange(1, 25, 60)).toEqual({ from: 1, to: 25 });
    expect(pageRange(3, 25, 60)).toEqual({ from: 51, to: 60 });
    expect(pageRange(2, 25, null)).toEqual({ from: 26, to: 50 });
    expect(pageRange(1, 25, 0)).toBeNull();
    expect(pageRange(4, 25, 60)).toBeNull();
  });

  it('turns a page into an offset', () => {
    expect(pageOffset(1, 50)).toBe(0);
    expect(pageOffset(3, 50)).toBe(100);
    expect(pageOffset(0, 50)).toBe(0);
  });

  it('clamps a page into range', () => {
    expect(clampPage(5, 60, 25)).toBe(3);
    expect(clampPage(0, 60, 25)).toBe(1);
    expect(clampPage(Number.NaN, 60, 25)).toBe(1);
    expect(clampPage(9, null, 25)).toBe(9);
    expect(clampPage(2, 0, 25)).toBe(1);
  });
});
