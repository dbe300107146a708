/**
 * `npm run lint` step: no loop between the folders of lib/. The per-file rule
 * (.dependency-cruiser.cjs) finds loops of files; two folders can still lean on each other
 * through different files (items → activity in one file, activity → items in another),
 * which makes them one knot that can only be read, tested and moved together.
 *
 * A folder is `lib/<name>`; a file directly in lib/ is its own node. A module's binding
 * (`http.ts`, the file that turns HTTP input into a service call) belongs to the HTTP floor,
 * `lib/http`, wherever it sits, as ARCHITECTURE.md's layer table says.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; dynamic: boolean }[] }[];
}

const root = path.resolve(import.meta.dirname, '..');

function nodeOf(file: string): string | null {
  if (!file.startsWith('lib/')) return null;
  if (/^lib\/.+\/http\.ts$/.test(file)) return 'lib/http';
  const parts = file.split('/');
  return parts.length > 2 ? `lib/${parts[1]}` : file;
}

function cruise(): Cruised {
  const args = ['depcruise', 'lib', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  let out: string;
  try {
    out = execFileSync('npx', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  } catch (err) {
    // Rule violations make depcruise exit non-zero; they are its own step's to report.
    out = (err as { stdout?: string }).stdout ?? '';
  }
  return JSON.parse(out) as Cruised;
}

/** Every edge between two nodes, with the files that make it. */
function edgesOf(cruised: Cruised): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const m of cruised.modules) {
    const from = nodeOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = nodeOf(d.resolved);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), `${m.source} → ${d.resolved}`]);
    }
  }
  return edges;
}

/** Strongly connected groups of more than one node (Tarjan). */
function knots(edges: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

const edges = edgesOf(cruise());
const found = knots(edges);
if (found.length === 0) {
  console.log('✔ no loop between the folders of lib/');
} else {
  for (const group of found) {
    console.error(`✖ folders that depend on each other: ${group.join(', ')}`);
    const members = new Set(group);
    for (const from of group) {
      for (const [to, files] of edges.get(from) ?? []) {
        if (members.has(to)) console.error(`    ${from} → ${to}: ${files[0]}`);
      }
    }
  }
  process.exit(1);
}
