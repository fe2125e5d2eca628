/**
 * Generates the statute index from the official consolidated XML of the IRPA and the IRPR:
 *
 *   npx tsx data/laws/buildStatuteIndex.ts [SOURCE_DIR] [--out OUT_DIR]
 *
 * SOURCE_DIR holds `irpa-en-*.xml`, `irpa-fr-*.xml`, `irpr-en-*.xml`, `irpr-fr-*.xml` (default
 * `../shared/reference/laws` from the repository root); OUT_DIR defaults to `data/laws/`. Writes,
 * per instrument, the index `irpa.json` / `irpr.json` (the structure of every unit, loaded by every
 * citation check) and the words `irpa.en.json`, `irpa.fr.json`, `irpr.en.json`, `irpr.fr.json`
 * (loaded when something quotes or searches that language). The same input always gives byte-identical
 * output (no clock, no machine paths). Exits 1 naming the problem when the XML does not read, the
 * versions disagree or the result fails the schema.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  LANGUAGES,
  completeProvisionSchema,
  instrumentMetadataSchema,
  statuteIndexFileSchema,
  wordsFileSchema,
  type CompleteStatute,
  type Instrument,
  type Language,
  type StatuteIndexFile,
  type WordsFile,
} from '../../lambdas/core/statutes/statuteIndexSchema';
import { checkStatuteFile, checkWordsFile, unitsWithoutWords } from '../../lambdas/core/statutes/statuteIndexChecks';
import { readStatuteIndexFile } from '../../lambdas/core/statutes/statuteFileShape';
import { mergeLanguages } from './mergeLanguages';
import { readStatuteXml, type InstrumentReading } from './readStatuteXml';
import { serializeIndexFile, serializeWordsFile } from './serializeStatuteFile';
import { splitStatute } from './splitStatute';
import { parseXml } from './xmlReader';

export const REPOSITORY_ROOT = resolve(__dirname, '..', '..');
export const DEFAULT_SOURCE_DIR = resolve(REPOSITORY_ROOT, '..', 'shared', 'reference', 'laws');
export const DEFAULT_OUT_DIR = __dirname;

const LICENCE = {
  publisher: 'Justice Laws Website (Department of Justice Canada)',
  licence: 'Open Government Licence – Canada',
  licenceUrl: 'https://open.canada.ca/en/open-government-licence-canada',
  attribution: 'Contains information licensed under the Open Government Licence – Canada.',
};

/** The source folder lacks a file, a file does not read, or the versions do not agree; says which. */
export class StatuteSourceProblem extends Error {
  override readonly name = 'StatuteSourceProblem';
}

export interface StatuteBuildResult {
  files: Array<{
    instrument: Instrument;
    /** The files written, with their sizes: the index first, then the words of each language. */
    written: Array<{ path: string; bytes: number }>;
    provisions: number;
    repealed: number;
    englishOnly: string[];
    frenchOnly: string[];
  }>;
}

function sourceFile(dir: string, prefix: string): { name: string; content: string; sha256: string } {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(prefix) && name.endsWith('.xml'));
  } catch (error) {
    throw new StatuteSourceProblem(`cannot read the statute source folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (names.length !== 1) {
    throw new StatuteSourceProblem(`expected exactly one ${prefix}*.xml in ${dir}, found ${names.length ? names.join(', ') : 'none'}`);
  }
  const bytes = readFileSync(join(dir, names[0]));
  return { name: names[0], content: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex') };
}

function addresses(instrument: Instrument, enCode: string, frCode: string): { en: string; fr: string } {
  return instrument === 'IRPA'
    ? { en: `https://laws-lois.justice.gc.ca/eng/acts/${enCode}/`, fr: `https://laws-lois.justice.gc.ca/fra/lois/${frCode}/` }
    : { en: `https://laws-lois.justice.gc.ca/eng/regulations/${enCode}/`, fr: `https://laws-lois.justice.gc.ca/fra/reglements/${frCode}/` };
}

function readVersion(source: { name: string; content: string }, instrument: Instrument, language: Language): InstrumentReading {
  try {
    return readStatuteXml(parseXml(source.content), instrument, language);
  } catch (error) {
    throw new StatuteSourceProblem(`${source.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads, pairs, checks and splits one instrument; returns its index and words files as validated data. */
export function buildStatuteFiles(
  instrument: Instrument,
  sourceDir: string,
): { index: StatuteIndexFile; words: Record<Language, WordsFile>; repealed: number; englishOnly: string[]; frenchOnly: string[] } {
  const prefix = instrument.toLowerCase();
  const enSource = sourceFile(sourceDir, `${prefix}-en-`);
  const frSource = sourceFile(sourceDir, `${prefix}-fr-`);
  const en = readVersion(enSource, instrument, 'en');
  const fr = readVersion(frSource, instrument, 'fr');
  const merged = mergeLanguages(instrument, en, fr);
  if (merged.disagreements.length > 0) {
    throw new StatuteSourceProblem(`the English and French ${instrument} disagree: ${merged.disagreements.join('; ')}`);
  }
  const complete: CompleteStatute = {
    instrument: instrumentMetadataSchema.parse({
      ...merged.metadata,
      source: {
        ...LICENCE,
        url: addresses(instrument, en.addressCode, fr.addressCode),
        files: [enSource, frSource].map(({ name, sha256 }) => ({ name, sha256 })),
      },
    }),
    provisions: merged.provisions.map((provision) => completeProvisionSchema.parse(provision)),
  };
  const split = splitStatute(complete);
  const index = statuteIndexFileSchema.parse(split.index);
  const words = { en: wordsFileSchema.parse(split.words.en), fr: wordsFileSchema.parse(split.words.fr) };
  const structure = { instrument: complete.instrument, provisions: split.structure };
  const problems = [...checkStatuteFile(structure), ...LANGUAGES.flatMap((language) => checkWordsFile(words[language], structure)), ...unitsWithoutWords(structure, [words.en, words.fr])];
  const readBack = readStatuteIndexFile(JSON.parse(serializeIndexFile(index)));
  if (!readBack.success) problems.push(...readBack.problems);
  else {
    const units = readBack.units.all();
    const differs = units.findIndex((unit, at) => !isDeepStrictEqual(unit, split.structure[at]));
    if (differs >= 0 || units.length !== split.structure.length) problems.push(`${split.structure[differs]?.id ?? 'a unit'} does not read back from the index as written`);
  }
  if (problems.length > 0) throw new StatuteSourceProblem(`the generated ${instrument} index is inconsistent: ${problems.join('; ')}`);
  return { index, words, repealed: split.structure.filter((p) => p.repealed).length, englishOnly: merged.englishOnly, frenchOnly: merged.frenchOnly };
}

/** Generates each instrument's index and words files in `outDir` from the XML in `sourceDir`. */
export function buildStatuteIndex(options: { sourceDir?: string; outDir?: string } = {}): StatuteBuildResult {
  const sourceDir = options.sourceDir ?? DEFAULT_SOURCE_DIR;
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const built = (['IRPA', 'IRPR'] as const).map((instrument) => ({ instrument, ...buildStatuteFiles(instrument, sourceDir) }));
  mkdirSync(outDir, { recursive: true });
  const write = (name: string, content: string) => {
    const path = join(outDir, name);
    writeFileSync(path, content);
    return { path, bytes: Buffer.byteLength(content) };
  };
  return {
    files: built.map(({ instrument, index, words, repealed, englishOnly, frenchOnly }) => {
      const name = instrument.toLowerCase();
      return {
        instrument,
        written: [write(`${name}.json`, serializeIndexFile(index)), ...LANGUAGES.map((language) => write(`${name}.${language}.json`, serializeWordsFile(words[language])))],
        provisions: index.units.ids.length,
        repealed,
        englishOnly,
        frenchOnly,
      };
    }),
  };
}

function parseArguments(argv: readonly string[]): { sourceDir?: string; outDir?: string } {
  const options: { sourceDir?: string; outDir?: string } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--out') {
      const value = argv[(i += 1)];
      if (!value) throw new StatuteSourceProblem('--out needs a folder');
      options.outDir = resolve(value);
    } else if (argument.startsWith('--')) {
      throw new StatuteSourceProblem(`unknown option ${argument}; usage: buildStatuteIndex.ts [SOURCE_DIR] [--out OUT_DIR]`);
    } else {
      options.sourceDir = resolve(argument);
    }
  }
  return options;
}

if (require.main === module) {
  try {
    const result = buildStatuteIndex(parseArguments(process.argv.slice(2)));
    for (const file of result.files) {
      const oneLanguage = [
        file.englishOnly.length ? `English only: ${file.englishOnly.join(', ')}` : '',
        file.frenchOnly.length ? `French only: ${file.frenchOnly.join(', ')}` : '',
      ].filter(Boolean);
      const written = file.written.map((w) => `${(w.bytes / 1024).toFixed(0)} KiB → ${w.path}`).join(', ');
      console.log(`${file.instrument}: ${file.provisions} units (${file.repealed} repealed): ${written}` + (oneLanguage.length ? `\n  ${oneLanguage.join('\n  ')}` : ''));
    }
  } catch (error) {
    console.error(`Statute index not built: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
