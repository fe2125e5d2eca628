/**
 * A history table whose column gaps the PDF's text lost: the header line "Du Au Pays Ville But du
 * voyage" still names its columns, and the lines opening with dates below it are its rows.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (text: string, language: 'en' | 'fr') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'form.pdf', format: 'pdf', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'imm-5257', language), spousal: false }).map((e) => `${e.kind} ${e.date?.iso}→${e.end?.iso} ${e.country ?? ''}`.trim());
};

describe('tables whose header lost its column gaps', () => {
  it('reads each dated line under « Du Au Pays Ville But du voyage » as a trip (FR)', () => {
    const text = [
      'Antécédents de voyage',
      'Au cours des dix dernières années, avez-vous voyagé dans un pays autre que votre pays de résidence ? Oui',
      'Du Au Pays Ville But du voyage',
      '2017-07-02 2017-07-20 Ghana Accra Visite familiale',
      '2019-12-18 2020-01-06 France Lyon Tourisme',
    ].join('\n');
    expect(events(text, 'fr')).toEqual(['travel 2017-07-02→2017-07-20 Ghana', 'travel 2019-12-18→2020-01-06 France']);
  });

  it('stops at the first line that opens with no date', () => {
    const text = ['From To Country Purpose', '2016-03-25 2016-04-02 Japan Tourism', 'Declaration', '2018-12-20 2019-01-10 Australia signed copy'].join('\n');
    expect(events(text, 'en')).toEqual(['travel 2016-03-25→2016-04-02 Japan']);
  });

  it('reads no header in a sentence that names a country and a date word', () => {
    const text = ['We travelled from Lyon to the coast, and the country was lovely.', '2019-12-18 2020-01-06 France Lyon'].join('\n');
    expect(events(text, 'en')).toEqual([]);
  });
});
