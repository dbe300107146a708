import { describe, expect, it } from 'vitest';
import { InvalidPayloadError } from '@/lib/core/errors';
import { assertIdentifier } from '@/lib/schema/identifiers';

describe('assertIdentifier', () => {
  it('accepts lowercase names with digits and underscores', () => {
    expect(assertIdentifier('blog_posts_2', 'collection')).toBe('blog_posts_2');
  });

  it.each([
    ['Posts', 'lowercase'],
    ['2posts', 'digit'],
    ['posts; drop table x', 'lowercase'],
    ['a'.repeat(64), '63 characters'],
    ['daas_things', 'reserved prefix "daas_"'],
    ['directus_things', 'reserved prefix "directus_"'],
    ['xtr_things', 'reserved prefix "xtr_"'],
    ['', 'required'],
  ])('refuses %j with a message about %s', (name, fragment) => {
    expect(() => assertIdentifier(name, 'collection')).toThrow(InvalidPayloadError);
    expect(() => assertIdentifier(name, 'collection')).toThrow(fragment);
  });
});
