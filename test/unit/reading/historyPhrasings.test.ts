/**
 * History told the way applicants and lists write it: a year listed after its place or in
 * parentheses, a move to Canada, a refusal naming the visa's class, a customary marriage, a stay
 * past a permit told as "after it expired" (EN and FR).
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { datesIn } from '../../../lambdas/agents/intake/reading/textReaders';

const events = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'other', language), spousal: false }).map((e) => `${e.kind} ${e.date?.iso ?? '-'}${e.country ? ` ${e.country}` : ''}`);
};
const years = (text: string) => datesIn(text, 'day-first').map((d) => d.iso);

describe('a year listed with its place', () => {
  it('is a date after a place and a comma, or in parentheses, and not a street number or a figure', () => {
    expect(years('Visa refused: Australia, 2019, insufficient funds.')).toEqual(['2019']);
    expect(years('Refus : Royaume-Uni, 2018 ; motif : fonds')).toEqual(['2018']);
    expect(years('refused by the UK (2018).')).toEqual(['2018']);
    expect(years('Suite 5, 2019 Main Street')).toEqual([]);
    expect(years('There were 2,019 people.')).toEqual([]);
  });

  it('dates a refusal listed that way', () => {
    expect(events('Visa refused: Australia, 2019, insufficient funds.')).toEqual(['refusal 2019 Australia']);
  });
});

describe('events in everyday phrasings', () => {
  it('reads a move to Canada as an entry and a refusal that names the visa class (EN)', () => {
    expect(events('I moved to Canada on 14 August 2017 as a student.')).toEqual(['entry 2017-08-14 Canada']);
    expect(events('The US Embassy refused my B1/B2 visa under section 214(b) on 11 May 2019.')).toEqual(['refusal 2019-05-11 United States']);
  });

  it('reads a customary marriage celebrated on a date (FR)', () => {
    expect(events('Nous avons célébré notre mariage coutumier le 20 avril 2021.', 'fr')).toEqual(['marriage 2021-04-20']);
  });

  it('reads a stay past a permit "after it expired" as an overstay from the expiry', () => {
    expect(events('I arrived in the UK on 1 September 2016 on a student visa and stayed after it expired on 31 October 2017.')).toEqual([
      'entry 2016-09-01 United Kingdom',
      'overstay 2017-10-31 United Kingdom',
    ]);
  });

  it('keeps one refusal when a declaration restates it by its year, and two refusals of different years', () => {
    expect(events('1. On 12 September 2018 my UK visitor visa application was refused.\n2. I now disclose it: refused a visa by another country: yes, the United Kingdom, 2018.')).toEqual(['refusal 2018-09-12 United Kingdom']);
    expect(events('1. On 12 September 2018 my UK visitor visa application was refused.\n2. My UK visa application was also refused in 2016.')).toEqual(['refusal 2018-09-12 United Kingdom', 'refusal 2016 United Kingdom']);
  });
});
