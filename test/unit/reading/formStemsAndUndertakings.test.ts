/**
 * A form's sub-questions under a stem that asks (events/questionStem.ts), and a sponsor's previous
 * undertakings and own landing (events/priorSponsorship.ts), told through the real event reader.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'form.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, type, language), spousal: true }).map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}`);
};

describe('sub-questions of a stem that asks', () => {
  const form = [
    '6. Are you, or have you ever been:                                YES   NO',
    ' a) convicted of a crime or offence in Canada for which a pardon has not been',
    '    granted under the Criminal Records Act?                               X',
    ' b) refused a visitor visa to Canada or any other country?         X',
    '',
    'If you answered "yes" to any of the above, give details:',
    ' b) Visitor visa to the United Kingdom refused in March 2019.',
  ].join('\n');

  it('are asked, not told; the details below are told', () => {
    expect(read(form, 'imm-5669')).toEqual(['refusal applicant 2019-03']);
  });

  it('are told when the stem above does not ask', () => {
    expect(read('Criminal history:\n a) convicted of theft in Lagos on 2 June 2014.', 'other')).toEqual(['conviction applicant 2014-06-02']);
  });
});

describe('a table of previous undertakings', () => {
  const table = (relationship: string) =>
    ['PREVIOUS UNDERTAKINGS', `Name of person sponsored | Relationship to you | Undertaking signed | Became a permanent resident`, `A. Perera | ${relationship} | 2015-03-19 | 2016-08-22`].join('\n');

  it("gives a spouse's row as a previous sponsorship and the former spouse's landing, and its header nothing", () => {
    expect(read(table('Spouse'), 'imm-1344')).toEqual(['previous-sponsorship sponsor 2015-03-19', 'sponsored-person-landed previous-spouse 2016-08-22']);
  });

  it("gives a child's row no sponsorship of a partner, and the child's landing as someone else's", () => {
    expect(read(table('Son'), 'imm-1344')).toEqual(['sponsored-person-landed other 2016-08-22']);
  });
});

describe("a sponsor's own landing", () => {
  it('is landed-as-sponsored-partner when the sponsor was sponsored as a spouse', () => {
    expect(read('I am sponsoring my wife. My first wife sponsored me as her spouse. I became a permanent resident on 30 June 2017.', 'other')).toEqual([
      'landed-as-sponsored-partner sponsor 2017-06-30',
    ]);
  });

  it('stays a landing when the sponsor came otherwise', () => {
    expect(read('I am sponsoring my wife. I came as a skilled worker. I became a permanent resident on 30 June 2017.', 'other')).toEqual(['sponsored-person-landed sponsor 2017-06-30']);
  });
});
