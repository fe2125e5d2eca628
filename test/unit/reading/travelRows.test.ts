/**
 * The rules of the v21 round, each with the look-alikes it must not read: travel tables run into
 * one block, trips listed after a colon, stacked trip fields, the application's own trip, a trip
 * with two subjects, a removal-order form's date field, border records' arrival words, and whose
 * trip a title and a family name tell.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { segmentsOf } from '../../../lambdas/agents/intake/reading/segments';
import type { EventKind } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string, kinds: EventKind[], language: 'en' | 'fr' = 'en', type: DocumentType = 'other', spousal = false) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, type, language), spousal })
    .filter((e) => kinds.includes(e.kind))
    .map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}${e.end ? ` ${e.end.iso}` : ''}`)
    .sort();
};

describe('a travel table run into one block', () => {
  it("reads the rows under a 'Country / From / To / Purpose' header, a year alone included", () => {
    const text = ['Previous travel: yes, see below', 'Country / From / To / Purpose', 'Peru / 03/2018 / 04/2018 / Tourism', 'Kenya / 2016 / 2016 / Safari'].join('\n');
    expect(read(text, ['travel'])).toEqual(['travel applicant 2016', 'travel applicant 2018-03 2018-04']);
  });

  it('stops at the first line that names no country, and reads no row without a header naming a country column', () => {
    const table = ['Pays Ville Du Au But', 'Chili Santiago 2019-02-01 2019-02-10 tourisme', 'Signé à Lima 2024-01-05'].join('\n');
    expect(read(table, ['travel'], 'fr')).toEqual(['travel applicant 2019-02-01 2019-02-10']);
    const noHeader = ['Name Date Amount', 'Chile rent 2019-02-01 400'].join('\n');
    expect(read(noHeader, ['travel'])).toEqual([]);
  });

  it('reads no trip from a date of birth under a travel-history title', () => {
    const text = ['Travel History', 'Passport Country of Issuance: GHANA   Date of Birth: 1985-09-02', '1   2019-07-21   Arrival   JFK', '2   2019-08-10   Departure   JFK'].join('\n');
    expect(read(text, ['travel', 'entry'])).toEqual(['entry applicant 2019-07-21']);
  });
});

describe('trips listed after a colon and stacked as fields', () => {
  it("reads 'Other trips: Japan 2018, Portugal (May 2022)' a trip per piece, and a piece without a country or a date as none", () => {
    expect(read('Other trips: Japan 2018, Portugal (May 2022), a cruise.', ['travel'])).toEqual(['travel applicant 2018', 'travel applicant 2022-05']);
    expect(read('Mes voyages : Maroc 2019, Sénégal.', ['travel'], 'fr')).toEqual(['travel applicant 2019']);
  });

  it("reads blocks of 'Country:' / 'From:' / 'To:' fields under a travel title, one trip per country field", () => {
    const text = ['Previous travel', 'Country: Japan', 'From: 2019-04-02', 'To: 2019-04-15', 'Country: Germany', 'From: 2022-09-10', 'Purpose: Conference'].join('\n');
    expect(read(text, ['travel'])).toEqual(['travel applicant 2019-04-02 2019-04-15', 'travel applicant 2022-09-10']);
  });

  it('reads no block outside a travel title (an identity block names a country and a date)', () => {
    const text = ['Personal details', 'Country: Ghana', 'From: 2019-04-02'].join('\n');
    expect(read(text, ['travel'])).toEqual([]);
  });
});

describe("the application's own trip, a trip with two subjects, a visa used", () => {
  it("reads no trip from 'the purpose of your visit to Canada' or « le but du séjour au Canada », but reads a dated visit", () => {
    expect(read('The purpose of your visit to Canada is not consistent with a temporary stay.', ['travel'], 'en', 'refusal-letter')).toEqual([]);
    expect(read('Nous indiquons que le but du séjour au Canada est de voir ma tante.', ['travel'], 'fr')).toEqual([]);
    expect(read('We travelled to Chile in March 2019.', ['travel'])).toEqual(['travel applicant 2019-03']);
  });

  it("reads 'My sister and I travelled to Chile in March 2019' as both travellers' trip, and 'I travelled' as the writer's alone", () => {
    expect(read('My sister and I travelled to Chile in March 2019.', ['travel'])).toEqual(['travel applicant 2019-03', 'travel other 2019-03']);
    expect(read('I travelled to Chile in March 2019 and met my sister there.', ['travel'])).toEqual(['travel applicant 2019-03']);
  });

  it('reads a visa used for a dated trip, and not a visa merely held', () => {
    expect(read('I used my B1/B2 visa in July 2019 to attend a conference in Boston.', ['travel'])).toEqual(['travel applicant 2019-07']);
    expect(read('I hold a B1/B2 visa issued in July 2019.', ['travel'])).toEqual([]);
  });
});

describe('removal orders, overstays and entries', () => {
  it("dates a removal-order form by its 'Date made:' field, not by 'Date enforced:'", () => {
    const text = ['REMOVAL ORDER', 'Type of removal order: Deportation', 'Date made: 4 May 2020', 'Date enforced: 19 June 2020'].join('\n');
    expect(read(text, ['removal-order'])).toEqual(['removal-order applicant 2020-05-04']);
    expect(read(['REMOVAL ORDER', 'Type of removal order: Deportation', 'Date enforced: 19 June 2020'].join('\n'), ['removal-order'])).toEqual(['removal-order applicant -']);
  });

  it("reads 'admitted as a visitor on …' as an entry and a failure to leave at the end of the authorized period as an overstay", () => {
    expect(read('She was admitted as a visitor on 2 May 2019 at Calgary.', ['entry'])).toEqual(['entry applicant 2019-05-02']);
    expect(read('Ground: failed to leave Canada by the end of the period authorized for his stay.', ['overstay'])).toEqual(['overstay applicant -']);
    expect(read('You must leave Canada by the end of the period authorized for your stay.', ['overstay'])).toEqual([]);
  });

  it("reads a lower-case 'me.' as a sentence's end: the order is dated by its own sentence", () => {
    expect(segmentsOf('The officer issued an order against me. I left on 20 March 2017.').map((s) => s.text)).toEqual(['The officer issued an order against me.', 'I left on 20 March 2017.']);
    expect(segmentsOf('Signed before Me. Tremblay, notary.').length).toBe(1);
  });

  it("reads 'Landing Permission' and 'Entered' stamps as entries on a page that marks a departure", () => {
    const text = ['Page 13  JAPAN - Landing Permission - Kansai Airport - 20 APR 2019', 'Page 13  JAPAN - Departure - Kansai Airport - 28 APR 2019', 'Page 15  MALAYSIA - Entered 03.12.2022'].join('\n');
    expect(read(text, ['entry'], 'en', 'passport')).toEqual(['entry applicant 2019-04-20', 'entry applicant 2022-12-03']);
  });
});

describe('whose trip a title or a family name tells', () => {
  it("gives 'Mr. Okafor landed in Canada' to the sponsor a 'Sponsor:' line names, and 'she travelled' to the woman named last", () => {
    const text = [
      'Re: Sponsor: Daniel Okafor; Applicant: Grace Otieno',
      '',
      'Mr. Okafor landed in Canada on 12 August 2014. Ms. Otieno was admitted to Canada as a visitor on 3 June 2023. Before that she travelled to Uganda in 2019.',
    ].join('\n');
    expect(read(text, ['entry', 'travel'], 'en', 'submission-letter')).toEqual(['entry applicant 2023-06-03', 'entry sponsor 2014-08-12', 'travel applicant 2019']);
  });

  it('does not give a family name shared by two roles to either', () => {
    const text = ['Inviter: Farah Siddiqui; Applicant: Nasreen Siddiqui', '', 'Mrs. Siddiqui travelled to Lahore in December 2022.'].join('\n');
    expect(read(text, ['travel'])).toEqual(['travel applicant 2022-12']);
  });
});

describe("a trip's country", () => {
  const countryOf = (text: string, language: 'en' | 'fr' = 'en') => {
    const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
    return readEvents({ doc: readingDocument(doc, 'other', language), spousal: false }).map((e) => `${e.kind} ${e.country ?? '-'}`);
  };

  it('is the country named after the verb, not a birthplace named before it', () => {
    expect(countryOf('M. Gagnon, né en France, a immigré au Canada en 2008.', 'fr')).toEqual(['entry Canada']);
    expect(countryOf('Born in Kenya, I travelled to Peru in May 2019.')).toEqual(['travel Peru']);
  });
});

