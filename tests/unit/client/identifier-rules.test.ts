import { describe, expect, it } from 'vitest';
import {
  checkIdentifier,
  isValidIdentifier,
  RESERVED_PREFIXES,
  toIdentifier,
} from '@/lib/client/collections/identifier-rules';
import { assertIdentifier, RESERVED_PREFIXES as SERVER_PREFIXES } from '@/lib/schema/identifiers';

const NAMES = [
  'articles',
  'a',
  '_private',
  'blog_posts_2',
  'Articles',
  '2fast',
  'with space',
  'dash-ed',
  'daas_users',
  'directus_files',
  'xtr_thing',
  'a'.repeat(63),
  'a'.repeat(64),
  '',
  'ümlaut',
];

function serverAccepts(name: string, what: 'collection' | 'field'): boolean {
  try {
    assertIdentifier(name, what);
    return true;
  } catch {
    return false;
  }
}

describe('identifier rules in the studio', () => {
  it('uses the same reserved prefixes as the server', () => {
    expect([...RESERVED_PREFIXES]).toEqual([...SERVER_PREFIXES]);
  });

  it.each(NAMES)('agrees with the server about collection name %j', (name) => {
    expect(isValidIdentifier(name, 'collection')).toBe(serverAccepts(name, 'collection'));
  });

  it.each(NAMES)('agrees with the server about field name %j', (name) => {
    expect(isValidIdentifier(name, 'field')).toBe(serverAccepts(name, 'field'));
  });

  it('names the rule a name breaks', () => {
    const failed = (name: string) =>
      checkIdentifier(name, 'collection', new Set(['taken']))
        .filter((r) => !r.ok)
        .map((r) => r.rule);
    expect(failed('Bad Name')).toEqual(['charset']);
    expect(failed('9lives')).toEqual(['start']);
    expect(failed('daas_x')).toEqual(['prefix']);
    expect(failed('taken')).toEqual(['unique']);
    expect(failed('a'.repeat(64))).toEqual(['length']);
  });

  it('does not apply the reserved prefixes to fields', () => {
    expect(checkIdentifier('daas_ref', 'field').map((r) => r.rule)).not.toContain('prefix');
  });

  it('suggests a valid name from free text', () => {
    expect(toIdentifier('Blog Posts!')).toBe('blog_posts');
    expect(toIdentifier('Über  Café')).toBe('uber_cafe');
  });
});
