/**
 * Whose relationship event: the couple's own (recorded as the applicant's), someone else's wedding,
 * or the writer's past with a former spouse (the sponsor's when the sponsor writes).
 */
import { coupleRole, metNamed } from '../../../lambdas/agents/intake/reading/events/relationship';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const docOf = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readingDocument(doc, 'other', language);
};
const events = (text: string, language: 'en' | 'fr' = 'en') => readEvents({ doc: docOf(text, language), spousal: true }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);

describe('whose relationship event it is', () => {
  it("reads a best friend's wedding as someone else's, the couple's own as the applicant's (EN)", () => {
    expect(events('My best friend Tariq got married in Karachi on 9 February 2023. We got married on 2 June 2024.')).toEqual([
      'marriage other 2023-02-09',
      'marriage applicant 2024-06-02',
    ]);
  });

  it("reads « le mariage de ma cousine » as someone else's wedding, named inside the trigger (FR)", () => {
    expect(events('Le mariage de ma cousine Awa a eu lieu le 3 juillet 2023 à Bamako.', 'fr')).toEqual(['marriage other 2023-07-03']);
  });

  it("reads the sponsor's separation from a former spouse as the sponsor's, when the sponsor writes", () => {
    const letter = 'I am Laura McKenzie, the sponsor in this application. My ex-husband and I stopped sharing a home in October 2013.';
    expect(events(letter)).toEqual(['cohabitation-end sponsor 2013-10']);
  });

  it('reads the couple\'s own engagement as the applicant\'s whoever tells it', () => {
    expect(coupleRole('Nous nous sommes ', 'fiancés', docOf('Je suis la répondante.', 'fr'), true)).toBe('applicant');
  });

  it('reads no cohabitation where the couple says they have not lived together', () => {
    expect(events("We have not yet lived together. Nous n'avons jamais cohabité.")).toEqual([]);
  });

  it("dates a marriage told at a period's end by that end, not by the period's opening (\"from March to April 2026, when we married\")", () => {
    expect(events('She visited again from March to April 2026, when we married.')).toEqual(['marriage applicant 2026-04']);
  });

  it("reads meeting someone by name as the couple's first meeting in a spousal file, never a title or an office", () => {
    expect(events("J'ai rencontré Ana Lúcia Ferreira à Recife le 12 janvier 2018.", 'fr')).toEqual(['first-meeting applicant 2018-01-12']);
    expect(metNamed('I met Officer Brown on 3 May 2019.')).toEqual([]);
    expect(metNamed("j'ai rencontré le notaire le 3 mai 2020")).toEqual([]);
  });

  it('keeps the first meeting the document tells in so many words over a later meeting by name', () => {
    expect(events('We first met in person on 2 August 2019. I met John at the airport on 4 June 2020.')).toEqual(['first-meeting applicant 2019-08-02']);
  });

  it("reads a sponsor's own statement of meeting someone by name as the first meeting, though the file's kind is not known", () => {
    const doc = docOf("Je soussigné, Jean-François Lavoie, répondant, déclare ce qui suit. J'ai rencontré Ana Lúcia Ferreira à Recife le 12 janvier 2018.", 'fr');
    expect(readEvents({ doc, spousal: false }).map((e) => `${e.kind} ${e.person} ${e.date?.iso}`)).toEqual(['first-meeting applicant 2018-01-12']);
    const applicants = docOf("J'ai rencontré Ana Lúcia Ferreira à Recife le 12 janvier 2018.", 'fr');
    expect(readEvents({ doc: applicants, spousal: false })).toEqual([]);
  });
});
