/**
 * A language test's results (IELTS, CELPIP, TEF Canada, TCF Canada…): which test, the score in each
 * of the four abilities as printed, and the test date, as a `language-test` event whose detail the
 * Express Entry rules read ("IELTS General Training; listening 8.5; reading 8; writing 7.5;
 * speaking 7.5"). Scores are recorded as printed: whether they meet a CLB level is the rules' call,
 * from the official equivalence tables they hold.
 */
import type { TimelineEvent } from '../../../../contracts/caseFacts';
import { quoteOf, type ReadingDocument } from '../readingDocument';
import { datesIn } from '../textReaders';
import { ABILITIES, ABILITY_LABELS, TEST_DATE, TESTS, type Ability } from './readingLexicon';

/** A score printed after an ability's label ("Listening 8.5", "Compréhension orale : 458"), before the next label. */
const SCORE_AFTER = /^[\s:|=–-]*(?:score|band|level|niveau|points)?[\s:|=–-]*(\d{1,3}(?:[.,]\d)?)\b/iu;

function scoresIn(text: string): Partial<Record<Ability, string>> {
  const scores: Partial<Record<Ability, string>> = {};
  for (const ability of ABILITIES) {
    for (const m of text.matchAll(ABILITY_LABELS[ability])) {
      const score = SCORE_AFTER.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 30));
      if (score) {
        scores[ability] = score[1].replace(',', '.');
        break;
      }
    }
  }
  return scores;
}

export function readLanguageTest(doc: ReadingDocument): TimelineEvent[] {
  if (doc.type !== 'language-test-results') return [];
  const text = doc.pages.map((p) => p.text).join('\n');
  const test = TESTS.find((t) => t.cue.test(text))?.test ?? 'language test (not named)';
  const scores = scoresIn(text);
  const read = ABILITIES.filter((a) => scores[a] !== undefined);
  if (read.length === 0) return [];
  // The evidence is the line of the first score read; the date, the one after a test-date label.
  const label = new RegExp(ABILITY_LABELS[read[0]].source, 'iu');
  const page = doc.pages.find((p) => label.test(p.text)) ?? doc.pages[0];
  const segment = page.segments.find((s) => label.test(s.text)) ?? page.segments[0];
  let date: TimelineEvent['date'];
  for (const p of doc.pages) {
    for (const s of p.segments) {
      const cue = TEST_DATE.exec(s.text);
      const found = cue && datesIn(s.text, doc.dateOrder).find((d) => d.start >= cue.index + cue[0].length);
      if (found) {
        date = { iso: found.iso, precision: found.precision, ...(found.ambiguous ? { ambiguous: found.ambiguous } : {}) };
        break;
      }
    }
    if (date) break;
  }
  return [
    {
      kind: 'language-test',
      person: 'applicant',
      ...(date ? { date } : {}),
      detail: [test, ...read.map((a) => `${a} ${scores[a]}`)].join('; '),
      evidence: quoteOf(doc, page, segment.start, segment.end),
      confidence: read.length === 4 ? 0.8 : 0.5,
      source: 'rules',
    },
  ];
}
