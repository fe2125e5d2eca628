/**
 * The sponsorship form asks whether the sponsor sponsored a spouse or partner before and, if so, when
 * that person became a permanent resident: the landing it then tells in the third person is the
 * previous spouse's (the date IRPR 132(1)(b)(i) counts the undertaking from), never the sponsor's own.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const landings = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'sponsor-form.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'imm-1344', language), spousal: true })
    .filter((e) => e.kind === 'sponsored-person-landed')
    .map((e) => `${e.person} ${e.date?.iso ?? '-'}`);
};

describe('a landing told after a declared previous sponsorship', () => {
  it('is the previous spouse\'s in English and in French', () => {
    expect(landings('Sponsor: K. Osei\nHave you previously sponsored a spouse or partner? Yes\nName: M. Addo. Date she became a permanent resident: 3 March 2023.')).toEqual(['previous-spouse 2023-03-03']);
    expect(
      landings("Répondant : L. Tremblay\nAvez-vous déjà parrainé un époux ou un conjoint ? Oui\nNom : P. Diallo. Date à laquelle il est devenu résident permanent : 12 janvier 2022.", 'fr'),
    ).toEqual(['previous-spouse 2022-01-12']);
  });

  it("stays the sponsor's own when the form says 'you' or 'I', or when no previous sponsorship is declared", () => {
    expect(landings('Have you previously sponsored a spouse or partner? Yes\nDate you became a permanent resident: 9 May 2015.')).not.toContain('previous-spouse 2015-05-09');
    expect(landings('Have you previously sponsored a spouse or partner? No\nDate she became a permanent resident: 3 March 2023.')).not.toContain('previous-spouse 2023-03-03');
  });
});
