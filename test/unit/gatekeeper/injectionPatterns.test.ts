import bundled from '../../../lambdas/core/injection/injectionPatterns.json';
import { detectInjectionInDocument } from '../../../lambdas/core/injection/detectInjection';
import {
  bundledInjectionPatterns,
  compileInjectionPatterns,
  describeInjectionAttempt,
  InjectionPatternsInvalid,
} from '../../../lambdas/core/injection/injectionPatterns';
import { INJECTION_CATEGORIES, QUARANTINE_CATEGORIES } from '../../../lambdas/contracts/injectionAttempt';

/** A one-pattern file, valid unless `override` breaks it. */
function patternFile(override: Record<string, unknown> = {}) {
  return {
    sentenceLeadIns: ['please'],
    categories: Object.fromEntries(INJECTION_CATEGORIES.map((c) => [c, `did ${c}`])),
    patterns: [
      { id: 'test-magic-word', language: 'en', category: 'verdict-manipulation', anchor: 'anywhere', regex: 'abracadabra', explanation: 'Says the magic word.', examples: ['abracadabra'], ...override },
    ],
  };
}

describe('injection pattern data file', () => {
  it('validates and compiles the bundled file: every phrase category has a pattern, and French is covered', () => {
    const set = bundledInjectionPatterns();
    expect(set.patterns.length).toBe(bundled.patterns.length);
    for (const category of INJECTION_CATEGORIES.filter((c) => !QUARANTINE_CATEGORIES.includes(c))) {
      expect(set.patterns.some((p) => p.category === category)).toBe(true);
    }
    // Hidden text and invisible characters are found by intake's quarantine, and described by category.
    for (const category of QUARANTINE_CATEGORIES) expect(set.categories[category].length).toBeGreaterThan(10);
    expect(set.patterns.some((p) => p.language === 'fr')).toBe(true);
    for (const p of set.patterns) expect(p.explanation.length).toBeGreaterThan(10);
  });

  it('rejects a file that uses one pattern id twice', () => {
    const file = patternFile();
    file.patterns.push({ ...file.patterns[0] });
    expect(() => compileInjectionPatterns(file, 'dup.json')).toThrow(/dup\.json: .*pattern id 'test-magic-word' is used twice/);
  });

  it('rejects a regex that does not compile, naming the pattern', () => {
    expect(() => compileInjectionPatterns(patternFile({ regex: 'ignore (all' }))).toThrow(InjectionPatternsInvalid);
    expect(() => compileInjectionPatterns(patternFile({ regex: 'ignore (all' }))).toThrow(/pattern 'test-magic-word': regex is not a valid regular expression/);
  });

  it('rejects a regex that matches the empty string (it would fire everywhere)', () => {
    expect(() => compileInjectionPatterns(patternFile({ regex: '(?:abracadabra)?' }))).toThrow(/matches the empty string/);
  });

  it('rejects an unknown category and a pattern without examples', () => {
    expect(() => compileInjectionPatterns(patternFile({ category: 'mischief' }))).toThrow(/field 'patterns\.0\.category'/);
    expect(() => compileInjectionPatterns(patternFile({ examples: [] }))).toThrow(/field 'patterns\.0\.examples'/);
  });

  it('drives the detector: a pattern added to the data is detected without code changes', () => {
    const patterns = compileInjectionPatterns(patternFile());
    const found = detectInjectionInDocument({ docId: 'd', name: 'd.txt', pages: [{ page: 1, text: 'And then: ABRACADABRA!' }] }, { patterns });
    expect(found).toEqual([expect.objectContaining({ pattern: 'test-magic-word', category: 'verdict-manipulation', excerpt: 'And then: ABRACADABRA!' })]);
  });

  it('honours caseSensitive: a case-sensitive pattern ignores other casings', () => {
    const patterns = compileInjectionPatterns(patternFile({ regex: 'ABRACADABRA', caseSensitive: true, examples: ['ABRACADABRA'] }));
    const at = (text: string) => detectInjectionInDocument({ docId: 'd', name: 'd', pages: [{ page: 1, text }] }, { patterns });
    expect(at('abracadabra')).toEqual([]);
    expect(at('ABRACADABRA')).toHaveLength(1);
  });

  it('describes an attempt by its pattern’s explanation, or by its category when the pattern has since been removed', () => {
    expect(describeInjectionAttempt({ pattern: 'en-do-not-flag', category: 'finding-suppression' })).toBe('Tells the reader not to flag something it finds.');
    expect(describeInjectionAttempt({ pattern: 'retired-pattern', category: 'score-manipulation' })).toBe('This text tried to dictate the Defensibility Score.');
  });
});
