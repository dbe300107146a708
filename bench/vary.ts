/**
 * BENCH_VARY=1: every request differs within its shape (a random page offset below 5,000, a
 * random id, a random search word, a random `views` threshold), the same random space for
 * the API, the bare server and pgbench, so no response cache can answer it. Each varied case
 * is captured twice, with two values; the bound parameters that differ are where the value
 * goes, so the references send what the API would send for the same request.
 */
import type { Statement } from './capture';

export type Draw = { kind: 'int'; min: number; max: number } | { kind: 'word'; words: string[] };

export interface Variation {
  /** The request path with `{v}` where the drawn value goes. */
  path: string;
  draw: Draw;
}

export const OFFSET: Draw = { kind: 'int', min: 0, max: 4999 };
export const ID: Draw = { kind: 'int', min: 1, max: 100000 };
export const THRESHOLD: Draw = { kind: 'int', min: 0, max: 9999 };
// Rare (needle: 1 row in 50), common (haystack: 49 in 50), everywhere (the lorem words).
export const SEARCH_WORD: Draw = {
  kind: 'word',
  words: ['needle', 'haystack', 'lorem', 'ipsum', 'dolor', 'consectetur', 'adipiscing', 'elit'],
};

export const varied = (): boolean => process.env.BENCH_VARY === '1';

export function pick(draw: Draw): string {
  if (draw.kind === 'word') return draw.words[Math.floor(Math.random() * draw.words.length)];
  return String(draw.min + Math.floor(Math.random() * (draw.max - draw.min + 1)));
}

/** Two distinct values to capture the statements with. */
export function probes(draw: Draw): [string, string] {
  if (draw.kind === 'word') return [draw.words[0], draw.words[1]];
  const span = draw.max - draw.min;
  return [
    String(draw.min + Math.floor(span * 0.4321)),
    String(draw.min + Math.floor(span * 0.1234)),
  ];
}

export const fill = (v: Variation, value: string): string =>
  v.path.replace('{v}', encodeURIComponent(value));

/** Where the value sits among the statements' parameters, and in what form. */
export interface Slot {
  statement: number;
  param: number;
  /** A number parameter, or a string with `{v}` in it (`%{v}%` for a search term). */
  template: number | string;
}

export function slots(a: Statement[], b: Statement[], va: string, vb: string): Slot[] {
  const out: Slot[] = [];
  if (a.length !== b.length) throw new Error('a varied request changed its statements');
  a.forEach((s, i) => {
    if (s.text !== b[i].text) {
      throw new Error(
        `a varied request changed its SQL text (statement ${i + 1}, values ${va} and ${vb}):\n${s.text}\n${b[i].text}`,
      );
    }
    s.values.forEach((x, j) => {
      const y = b[i].values[j];
      if (JSON.stringify(x) === JSON.stringify(y)) return;
      if (String(x) === va && String(y) === vb) {
        out.push({ statement: i, param: j, template: typeof x === 'number' ? 0 : '{v}' });
      } else if (typeof x === 'string' && x.includes(va)) {
        out.push({ statement: i, param: j, template: x.split(va).join('{v}') });
      } else {
        throw new Error(`parameter ${j + 1} changed in a way the value does not explain`);
      }
    });
  });
  return out;
}

/** The statements for `value`: each slot's parameter with the value in place. */
export function bind(statements: Statement[], at: Slot[], value: string): Statement[] {
  const out = statements.map((s) => ({ text: s.text, values: [...s.values] }));
  for (const slot of at) {
    out[slot.statement].values[slot.param] =
      typeof slot.template === 'number' ? Number(value) : slot.template.split('{v}').join(value);
  }
  return out;
}

/** A regular expression matching the varied path, the value in its one group. */
export function pathPattern(v: Variation): string {
  const [before, after] = v.path.split('{v}');
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${esc(before)}([^&/]+)${esc(after)}$`;
}
