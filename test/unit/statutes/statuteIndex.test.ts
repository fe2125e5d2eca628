import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStatuteIndex, DEFAULT_SOURCE_DIR } from '../../../data/laws/buildStatuteIndex';
import {
  buildStatuteIndexFrom,
  loadStatuteIndex,
  readStatuteFiles,
  StatuteIndexInvalid,
} from '../../../lambdas/core/statutes/loadStatuteIndex';
import { StatuteWordsInvalid, loadStatuteWords, readWordsFiles } from '../../../lambdas/core/statutes/statuteWords';
import { childrenOf, instrumentMetadata } from '../../../lambdas/core/statutes/provisionTree';
import { checkWordsFile, unitsWithoutWords } from '../../../lambdas/core/statutes/statuteIndexChecks';
import { statuteIndexFileSchema, wordsFileSchema } from '../../../lambdas/core/statutes/statuteIndexSchema';

const lawsDir = join(__dirname, '../../../data/laws');
const committed = (name: string): string => readFileSync(join(lawsDir, name), 'utf8');
type RawIndex = { units: Record<string, unknown> } & Record<string, unknown>;
const rawFiles = (): RawIndex[] => ['irpa.json', 'irpr.json'].map((name) => JSON.parse(committed(name)) as RawIndex);
const withUnits = (file: RawIndex, units: Record<string, unknown>): RawIndex => ({ ...file, units: { ...file.units, ...units } });
const GENERATED = ['irpa.json', 'irpa.en.json', 'irpa.fr.json', 'irpr.json', 'irpr.en.json', 'irpr.fr.json'];

describe('the statute index', () => {
  const index = loadStatuteIndex();

  it('holds every unit of the IRPA and the IRPR', () => {
    const count = (instrument: string, kind: string) => index.provisions.filter((p) => p.id.startsWith(`${instrument} `) && p.kind === kind).length;
    expect(count('IRPA', 'section')).toBeGreaterThan(300);
    expect(count('IRPR', 'section')).toBeGreaterThan(500);
    expect(count('IRPR', 'paragraph')).toBeGreaterThan(1500);
    for (const kind of ['subsection', 'definition', 'paragraph', 'subparagraph', 'clause', 'subclause']) expect(count('IRPR', kind)).toBeGreaterThan(0);
  });

  it('passes the full schema and consistency checks in the committed files', () => {
    expect(() => buildStatuteIndexFrom(rawFiles())).not.toThrow();
  });

  it('keeps the words of each language in files that fit the index', () => {
    for (const instrument of ['irpa', 'irpr']) {
      const index = statuteIndexFileSchema.parse(JSON.parse(committed(`${instrument}.json`)));
      const structure = { instrument: index.instrument, provisions: buildStatuteIndexFrom(rawFiles()).provisions.filter((p) => p.id.startsWith(`${index.instrument.id} `)) };
      const words = (['en', 'fr'] as const).map((language) => wordsFileSchema.parse(JSON.parse(committed(`${instrument}.${language}.json`))));
      expect(words.map((file) => file.language)).toEqual(['en', 'fr']);
      for (const file of words) expect(checkWordsFile(file, structure)).toEqual([]);
      expect(unitsWithoutWords(structure, words)).toEqual([]);
    }
    expect(loadStatuteWords('en').get('IRPR 216(1)(b)')?.text).toMatch(/^will leave Canada by the end of the period/);
    expect(loadStatuteWords('fr').get('IRPR 216(1)(b)')?.text).toMatch(/^il quittera le Canada/);
  });

  it('writes the index in ASCII, so that it decodes without UTF-8', () => {
    for (const name of ['irpa.json', 'irpr.json']) expect(/[^\x00-\x7f]/.test(committed(name))).toBe(false);
    expect(instrumentMetadata('IRPA').title.fr).toBe('Loi sur l’immigration et la protection des réfugiés');
  });

  it('refuses a words file with a malformed entry', () => {
    const raw = { version: 2, instrument: 'IRPA', language: 'fr', provisions: [{ id: 'IRPA 1', text: 42 }] };
    expect(() => readWordsFiles([raw])).toThrow(StatuteWordsInvalid);
    expect(() => readWordsFiles([raw])).toThrow(/malformed entry IRPA 1/);
  });

  it('answers lookups like plain maps, building only the units asked for', () => {
    const fresh = readStatuteFiles(rawFiles());
    const sections = fresh.children.get('IRPA') ?? [];
    expect(sections[0].id).toBe('IRPA 1');
    expect(sections.every((p) => p.kind === 'section')).toBe(true);
    expect(fresh.children.get('IRPR 216(1)')?.map((p) => p.id)).toEqual(['IRPR 216(1)(a)', 'IRPR 216(1)(b)', 'IRPR 216(1)(c)', 'IRPR 216(1)(d)', 'IRPR 216(1)(e)']);
    expect(fresh.children.get('IRPR 216(1)(b)')).toBeUndefined();
    expect(fresh.byId.get('IRPR 216(1)(b)')).toMatchObject({ kind: 'paragraph', label: '(b)', path: ['216', '(1)', '(b)'], parent: 'IRPR 216(1)' });
    expect(fresh.byId.get('IRPR 216(1)(b)')?.marginalNote).toBeUndefined();
    expect(fresh.byId.get('IRPR 216')?.marginalNote).toEqual({ en: 'Study permits', fr: 'Permis d’études' });
    expect(fresh.byId.get('IRPA 999')).toBeUndefined();
    expect(fresh.byId.get('IRPR 216(1)(b)')).toBe(fresh.byId.get('IRPR 216(1)(b)'));
    expect(fresh.definitions.get('IRPR 1(1)')?.get('conjoint de fait')?.id).toBe('IRPR 1(1) "common-law partner"');
    expect(fresh.byId.size).toBe(fresh.provisions.length);
    expect([...fresh.byId.keys()].slice(0, 2)).toEqual(['IRPA 1', 'IRPA 2']);
    expect(childrenOf('IRPR 216(1)', fresh)).toHaveLength(5);
  });

  it('gives each unit the in-force date of its parent unless the index records its own', () => {
    const [irpa, irpr] = rawFiles();
    const fresh = readStatuteFiles([irpa, irpr]);
    const own = new Map((irpa.units.inForceFrom as Array<[number, string]>).map(([at, date]) => [(irpa.units.ids as string[])[at], date]));
    const irpaUnits = fresh.provisions.filter((unit) => unit.id.startsWith('IRPA '));
    expect(own.size).toBeGreaterThan(0);
    expect(own.size).toBeLessThan(irpaUnits.length);
    for (const unit of irpaUnits) {
      expect(unit.inForceFrom).toBe(own.get(unit.id) ?? fresh.byId.get(unit.parent!)!.inForceFrom);
    }
  });

  it('is loaded once per process', () => {
    expect(loadStatuteIndex()).toBe(index);
  });

  it('gives each instrument its titles, citation and consolidation dates', () => {
    expect(instrumentMetadata('IRPA')).toMatchObject({
      title: { en: 'Immigration and Refugee Protection Act', fr: 'Loi sur l’immigration et la protection des réfugiés' },
      citation: { en: 'S.C. 2001, c. 27', fr: 'L.C. 2001, ch. 27' },
      consolidationDate: '2026-04-01',
      lastAmended: '2026-03-26',
    });
    expect(instrumentMetadata('IRPR')).toMatchObject({
      title: { en: 'Immigration and Refugee Protection Regulations', fr: 'Règlement sur l’immigration et la protection des réfugiés' },
      citation: { en: 'SOR/2002-227', fr: 'DORS/2002-227' },
      consolidationDate: '2026-06-15',
    });
    for (const instrument of ['IRPA', 'IRPR'] as const) {
      expect(instrumentMetadata(instrument).source.attribution).toBe('Contains information licensed under the Open Government Licence – Canada.');
    }
  });

  it('refuses an index whose units are malformed, naming the problem', () => {
    const [irpa, irpr] = rawFiles();
    const kinds = String(irpa.units.kinds);
    const unknownKind = withUnits(irpa, { kinds: `x${kinds.slice(1)}` });
    expect(() => readStatuteFiles([unknownKind, irpr])).toThrow(StatuteIndexInvalid);
    expect(() => readStatuteFiles([unknownKind, irpr])).toThrow(/unit 1 \(IRPA 1\) has an unknown kind/);
    const shortKinds = withUnits(irpa, { kinds: kinds.slice(1) });
    expect(() => readStatuteFiles([shortKinds, irpr])).toThrow(/1676 ids, 1675 kinds and 1676 parents/);
  });

  it('refuses a unit placed under a unit that does not enclose it', () => {
    const [irpa, irpr] = rawFiles();
    const ids = irpa.units.ids as string[];
    const parents = [...(irpa.units.parents as number[])];
    parents[ids.indexOf('IRPA 40(1)(a)')] = ids.indexOf('IRPA 41');
    expect(() => readStatuteFiles([withUnits(irpa, { parents }), irpr])).toThrow(/IRPA 40\(1\)\(a\)\) is not placed under an earlier unit that encloses it/);
  });

  it('refuses a sparse column out of unit order (lookups binary-search it)', () => {
    const [irpa, irpr] = rawFiles();
    const notes = [...(irpa.units.marginalNotes as unknown[][])];
    [notes[3], notes[4]] = [notes[4], notes[3]];
    expect(() => readStatuteFiles([withUnits(irpa, { marginalNotes: notes }), irpr])).toThrow(/units\.marginalNotes: malformed or misplaced entry/);
  });

  it('refuses a set of files missing an instrument', () => {
    const [irpa] = rawFiles();
    expect(() => readStatuteFiles([irpa])).toThrow(/expected one IRPR file, found 0/);
  });

  it('catches, in the full check, a unit whose path does not match its parent', () => {
    const [irpa, irpr] = rawFiles();
    const ids = [...(irpa.units.ids as string[])];
    ids[ids.indexOf('IRPA 40(1)(a)')] = 'IRPA 40(1)(a)(z)';
    expect(() => readStatuteFiles([withUnits(irpa, { ids }), irpr])).not.toThrow();
    expect(() => buildStatuteIndexFrom([withUnits(irpa, { ids }), irpr])).toThrow(/IRPA 40\(1\)\(a\)\(z\) is not one level below its parent IRPA 40\(1\)/);
  });
});

const sourcesPresent = existsSync(DEFAULT_SOURCE_DIR);
const whenSources = sourcesPresent ? it : it.skip;

describe('the generator', () => {
  it('names the folder it cannot read and writes nothing', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'statutes-'));
    try {
      expect(() => buildStatuteIndex({ sourceDir: join(outDir, 'no-such-folder'), outDir })).toThrow(/cannot read the statute source folder .*no-such-folder/);
      expect(readdirSync(outDir)).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  whenSources(
    sourcesPresent
      ? 'rebuilds byte-identical files from the official XML'
      : `rebuilds byte-identical files from the official XML (skipped: ${DEFAULT_SOURCE_DIR} is absent)`,
    () => {
      const outDir = mkdtempSync(join(tmpdir(), 'statutes-'));
      try {
        const result = buildStatuteIndex({ outDir });
        expect(result.files.map((f) => f.instrument)).toEqual(['IRPA', 'IRPR']);
        for (const name of GENERATED) {
          expect(readFileSync(join(outDir, name), 'utf8') === committed(name)).toBe(true);
        }
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
