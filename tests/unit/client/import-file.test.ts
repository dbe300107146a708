import { describe, expect, it } from 'vitest';
import {
  defaultMapping,
  mappedFile,
  parseImportFile,
} from '@/components/studio/content/transfer/import-file';

describe('an import file read in the browser', () => {
  it('reads a CSV header and rows, quoted commas and line breaks included', () => {
    const file = parseImportFile('a.csv', 'name,qty\n"with, comma",7\n"two\nlines",\n');
    expect(file).toEqual({
      kind: 'csv',
      columns: ['name', 'qty'],
      rows: [
        { name: 'with, comma', qty: '7' },
        { name: 'two\nlines', qty: '' },
      ],
    });
  });

  it('reads a JSON array of objects and refuses anything else', () => {
    expect(parseImportFile('a.json', '[{"a":1},{"b":2}]').columns).toEqual(['a', 'b']);
    expect(() => parseImportFile('a.json', '{"a":1}')).toThrow('json_shape');
    expect(() => parseImportFile('a.json', '[{"a":')).toThrow('json');
  });

  it('maps columns to fields of the same name, others left out', () => {
    expect(defaultMapping(['name', 'extra'], ['id', 'name'])).toEqual({
      name: 'name',
      extra: null,
    });
  });

  it('renames and leaves out columns in the file it sends, in the format it came in', async () => {
    const csv = parseImportFile('a.csv', 'Title,skip,n\n"a, b",x,1\n');
    const sent = mappedFile(csv, { Title: 'title', skip: null, n: 'n' });
    expect(sent.type).toBe('text/csv');
    expect((await sent.text()).split(/\r?\n/)).toEqual(['title,n', '"a, b",1']);

    const json = parseImportFile('a.json', '[{"Title":"a","n":1},{"n":2}]');
    const out = mappedFile(json, { Title: 'title', n: 'n' });
    expect(JSON.parse(await out.text())).toEqual([{ title: 'a', n: 1 }, { n: 2 }]);
  });
});
