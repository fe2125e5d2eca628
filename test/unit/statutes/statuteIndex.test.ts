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
import { FrenchWordsInvalid, loadFrenchWords, readFrenchFiles } from '../../../lambdas/core/statutes/frenchWords';
import { instrumentMetadata } from '../../../lambdas/core/statutes/provisionTree';
import { checkFrenchFile } from '../../../lambdas/core/statutes/statuteIndexChecks';
import { frenchFileSchema, statuteFileSchema } from '../../../lambdas/core/statutes/statuteIndexSchema';

const lawsDir = join(__dirname, '../../../data/laws');
const committed = (name: string): string => readFileSync(join(lawsDir, name), 'utf8');
const rawFiles = (): Array<Record<string, unknown>> => ['irpa.json', 'irpr.json'].map((name) => JSON.parse(committed(name)) as Record<string, unknown>);
const GENERATED = ['irpa.json', 'irpa.fr.json', 'irpr.json', 'irpr.fr.json'];

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

  it('keeps the French words in companion files that fit the index', () => {
    for (const instrument of ['irpa', 'irpr']) {
      const core = statuteFileSchema.parse(JSON.parse(committed(`${instrument}.json`)));
      const french = frenchFileSchema.parse(JSON.parse(committed(`${instrument}.fr.json`)));
      expect(checkFrenchFile(french, core)).toEqual([]);
    }
    expect(loadFrenchWords().get('IRPR 216(1)(b)')?.text).toMatch(/^il quittera le Canada/);
  });

  it('refuses a French companion file with a malformed entry', () => {
    const raw = { version: 1, instrument: 'IRPA', language: 'fr', provisions: [{ id: 'IRPA 1', text: 42 }] };
    expect(() => readFrenchFiles([raw])).toThrow(FrenchWordsInvalid);
    expect(() => readFrenchFiles([raw])).toThrow(/malformed entry IRPA 1/);
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

  it('refuses a file whose provisions are malformed, naming the problem', () => {
    const [irpa, irpr] = rawFiles();
    const broken = { ...irpa, provisions: [{ id: 'IRPA 1', kind: 'chapter', parent: null, text: {} }] };
    expect(() => readStatuteFiles([broken, irpr])).toThrow(StatuteIndexInvalid);
    expect(() => readStatuteFiles([broken, irpr])).toThrow(/IRPA 1 has an unknown kind/);
  });

  it('refuses a set of files missing an instrument', () => {
    const [irpa] = rawFiles();
    expect(() => readStatuteFiles([irpa])).toThrow(/expected one IRPR file, found 0/);
  });

  it('catches a provision whose parent is missing', () => {
    const [irpa, irpr] = rawFiles();
    const provisions = (irpa.provisions as Array<Record<string, unknown>>).filter((p) => p.id !== 'IRPA 40(1)');
    expect(() => buildStatuteIndexFrom([{ ...irpa, provisions }, irpr])).toThrow(/IRPA 40\(1\)\(a\) comes before its parent IRPA 40\(1\), or the parent is missing/);
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
