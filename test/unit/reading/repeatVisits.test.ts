/**
 * A visit told again in one sentence ("… in 2018 and again in July 2022", « puis de nouveau en
 * juillet 2022 ») is one more visit of the same kind and place; an "again" that no date follows, or
 * that follows no visit, is none.
 */
import { repeatsAfter } from '../../../lambdas/agents/intake/reading/events/repeatVisits';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { datesIn } from '../../../lambdas/agents/intake/reading/textReaders';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (text: string, language: 'en' | 'fr') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'invitation-letter', language), spousal: false }).map((e) => `${e.kind} ${e.date?.iso ?? '-'} ${e.country ?? ''}`.trim());
};

describe('visits told again in one sentence', () => {
  it('reads a second trip to the same country after « et de nouveau en » (FR)', () => {
    expect(events('Nous sommes allés en France en 2017, et de nouveau en 2019.', 'fr')).toEqual(['travel 2017 France', 'travel 2019 France']);
  });

  it("reads a mother's second stay with her daughter after « puis de nouveau en juillet 2022 » (FR)", () => {
    const letter = 'Ma mère est déjà venue nous voir à Gatineau de septembre à novembre 2019, puis de nouveau en juillet 2022.';
    // Gatineau names Canada (lexicons/places.json).
    expect(events(letter, 'fr')).toEqual(['entry 2019-09 Canada', 'entry 2022-07 Canada']);
  });

  it('reads "and again in July 2022" after a visit (EN)', () => {
    expect(events('She visited us in 2018 and again in July 2022.', 'en')).toEqual(['entry 2018', 'entry 2022-07']);
  });

  it('reads no repeat where no date follows "again", nor before the first visit', () => {
    const text = 'Again in 2015 we applied, and she visited us in 2018 and will come again.';
    const dates = datesIn(text, 'day-first');
    expect(repeatsAfter(text, text.indexOf('2018') + 4, dates)).toEqual([]);
  });
});
