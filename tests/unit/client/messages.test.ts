import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';

type Tree = { [key: string]: string | Tree };

const en = (await loadMessages('en')) as Tree & { Errors: Tree };
const de = (await loadMessages('de')) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function libFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return libFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every error code the server can answer with, as declared through defineError(). */
function declaredErrorCodes(): string[] {
  const codes = new Set<string>();
  for (const file of libFiles(path.resolve(import.meta.dirname, '../../../lib'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/defineError\(\s*'([A-Z0-9_]+)'/g)) codes.add(match[1]);
  }
  return [...codes].sort();
}

describe('studio messages', () => {
  it('has the same keys in every language', () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('has no empty translation', () => {
    for (const tree of [en, de] as Tree[]) {
      const empty = keys(tree).filter((k) => {
        const value = k
          .split('.')
          .reduce<Tree | string>((node, part) => (node as Tree)[part], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('translates every error code the API declares', () => {
    const codes = declaredErrorCodes();
    expect(codes).toContain('INVALID_CREDENTIALS');
    const missing = codes.filter((code) => !(code in en.Errors));
    expect(missing).toEqual([]);
  });
});
