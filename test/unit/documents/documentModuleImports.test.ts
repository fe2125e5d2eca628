import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const DIR = join(__dirname, '../../../lambdas/agents/intake/documents');

/** The modules of a folder (its own files, not its subfolders) each module imports, type-only imports included. */
function importGraph(dir: string): Map<string, string[]> {
  const modules = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
  const graph = new Map<string, string[]>();
  for (const module of modules) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(dir, `${module}.ts`), 'utf8'), true, true);
    const local = importedFiles.map((i) => i.fileName).filter((name) => name.startsWith('./') && modules.includes(name.slice(2)));
    graph.set(module, local.map((name) => name.slice(2)));
  }
  return graph;
}

/** Every import path that leads back to where it started. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (module: string, path: string[]): void => {
    if (path.includes(module)) {
      found.push([...path.slice(path.indexOf(module)), module].join(' -> '));
      return;
    }
    if (done.has(module)) return;
    for (const next of graph.get(module) ?? []) visit(next, [...path, module]);
    done.add(module);
  };
  for (const module of graph.keys()) visit(module, []);
  return found;
}

describe('imports of the document modules', () => {
  it('never loop in the documents folder', () => {
    expect(cycles(importGraph(DIR))).toEqual([]);
  });

  it('never loop in the typing folder: evidence sources share their candidate type through typingCandidate.ts', () => {
    const graph = importGraph(join(DIR, 'typing'));
    expect(cycles(graph)).toEqual([]);
    expect(graph.get('typingCandidate')).toEqual([]);
    for (const source of ['formEvidence', 'typeEvidence']) expect(graph.get(source)).toContain('typingCandidate');
  });

  it('finds a loop when there is one', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a -> b -> c -> a']);
  });
});
