import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cliBuild } = require('../../../bin/build/cliBuild') as {
  cliBuild(opts: { root: string; entries: Record<string, string>; buildInputs: string[] }): {
    outDir: string;
    bundleFor(name: string): string | undefined;
    readManifest(): { builtAt: string; complete: boolean; inputs: Array<{ file: string }> } | undefined;
    recordFile(name: string): string;
  };
};

/** A two-file TypeScript project: `main.ts` prints what `message.ts` exports. */
function tinyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'case-audit-build-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  writeFileSync(join(root, 'src', 'message.ts'), "export const message: string = 'first';\n");
  writeFileSync(join(root, 'src', 'main.ts'), "import { message } from './message';\nprocess.stdout.write(message);\n");
  return root;
}

const runBundle = (file: string) => spawnSync(process.execPath, [file], { encoding: 'utf8' }).stdout;

/** Rewrites a file with a modification time that differs from the build's record of it. */
function edit(file: string, content: string): void {
  writeFileSync(file, content);
  const earlier = new Date(Date.now() - 60_000);
  utimesSync(file, earlier, earlier);
}

describe('the precompiled CLI build', () => {
  let root: string;
  let build: ReturnType<typeof cliBuild>;
  beforeEach(() => {
    root = tinyProject();
    build = cliBuild({ root, entries: { main: 'src/main.ts' }, buildInputs: ['tsconfig.json'] });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on first use and records every source it bundled', () => {
    const bundle = build.bundleFor('main');
    expect(bundle).toBe(join(build.outDir, 'main.js'));
    expect(runBundle(bundle!)).toBe('first');
    expect(build.readManifest()?.inputs.map((i) => i.file)).toEqual(['src/main.ts', 'src/message.ts', 'tsconfig.json']);
  });

  it('reuses the bundle while no source changed', () => {
    build.bundleFor('main');
    const builtAt = build.readManifest()?.builtAt;
    const bundleText = readFileSync(join(build.outDir, 'main.js'), 'utf8');
    expect(build.bundleFor('main')).toBeDefined();
    expect(build.readManifest()?.builtAt).toBe(builtAt);
    expect(readFileSync(join(build.outDir, 'main.js'), 'utf8')).toBe(bundleText);
  });

  it('rebuilds when an imported source changes, so stale code never runs', () => {
    build.bundleFor('main');
    edit(join(root, 'src', 'message.ts'), "export const message: string = 'second';\n");
    expect(runBundle(build.bundleFor('main')!)).toBe('second');
  });

  it('rebuilds when a build setting changes', () => {
    build.bundleFor('main');
    const first = build.readManifest()?.builtAt;
    edit(join(root, 'tsconfig.json'), '{ }');
    build.bundleFor('main');
    expect(build.readManifest()?.builtAt).not.toBe(first);
  });

  it('gives no bundle when the changed sources do not compile, so the caller runs them through tsx', () => {
    build.bundleFor('main');
    edit(join(root, 'src', 'message.ts'), 'export const message: string = ;\n');
    expect(build.bundleFor('main')).toBeUndefined();
  });

  it('rebuilds when the last build was left incomplete (a source was saved while esbuild read it)', () => {
    build.bundleFor('main');
    const manifest = build.readManifest()!;
    const during = new Date(Date.parse(manifest.builtAt) - 1);
    utimesSync(join(root, 'src', 'message.ts'), during, during);
    writeFileSync(join(build.outDir, 'manifest.json'), JSON.stringify({ ...manifest, complete: false }));
    const record = JSON.parse(readFileSync(build.recordFile('main'), 'utf8')) as object;
    writeFileSync(build.recordFile('main'), JSON.stringify({ ...record, complete: false }));
    expect(build.bundleFor('main')).toBeDefined(); // rebuilt, now complete
    expect(build.readManifest()?.complete).toBe(true);
    expect(JSON.parse(readFileSync(build.recordFile('main'), 'utf8'))).toMatchObject({ complete: true });
  });

  it('gives no bundle when a source it was built from is gone', () => {
    build.bundleFor('main');
    rmSync(join(root, 'src', 'message.ts'));
    expect(build.bundleFor('main')).toBeUndefined();
  });

  it("checks only a bundle's own sources, so a change elsewhere does not rebuild it", () => {
    writeFileSync(join(root, 'src', 'other.ts'), "export const other: string = 'other';\n");
    writeFileSync(join(root, 'src', 'second.ts'), "import { other } from './other';\nprocess.stdout.write(other);\n");
    const two = cliBuild({ root, entries: { main: 'src/main.ts', second: 'src/second.ts' }, buildInputs: ['tsconfig.json'] });
    two.bundleFor('main');
    const builtAt = two.readManifest()?.builtAt;
    edit(join(root, 'src', 'other.ts'), "export const other: string = 'changed';\n");
    expect(runBundle(two.bundleFor('main')!)).toBe('first');
    expect(two.readManifest()?.builtAt).toBe(builtAt);
    expect(runBundle(two.bundleFor('second')!)).toBe('changed');
    expect(two.readManifest()?.builtAt).not.toBe(builtAt);
  });

  it('writes bundles in ASCII, their regular expressions matching what they matched in the source', () => {
    const source = [
      "const words = ['arrêt', 'l’arrêt', 'Zoë 👩 here', 'plain'];",
      "const french = /l['’]arrêt|arrêt/;",
      "const astral = /[👩]/u;",
      "process.stdout.write(words.map((w) => `${french.test(w)}:${astral.test(w)}`).join(' '));",
    ].join('\n');
    edit(join(root, 'src', 'main.ts'), source);
    const bundle = build.bundleFor('main')!;
    expect(readFileSync(bundle).every((byte) => byte < 0x80)).toBe(true);
    expect(runBundle(bundle)).toBe('true:false true:false false:true false:false');
  });

  it('runs from source when CASE_AUDIT_FROM_SOURCE=1', () => {
    process.env.CASE_AUDIT_FROM_SOURCE = '1';
    try {
      expect(build.bundleFor('main')).toBeUndefined();
    } finally {
      delete process.env.CASE_AUDIT_FROM_SOURCE;
    }
  });
});
