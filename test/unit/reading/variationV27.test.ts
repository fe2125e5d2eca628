/**
 * Events dated only by a year that is no date phrase (test/corpus/reading/{en,fr}/v27-*): a year used
 * as an adjective before a one-off event ("a 2011 conviction") and a refusal's year after its country
 * on a visa-history line ("Refused: USA 2018"). A year before something that is no event stays no date.
 */
import { readCorpusFolder } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (item: string) => readCorpusFolder(item).facts.timeline.map((e) => `${e.kind} ${e.person} ${e.date?.iso ?? '-'}${e.country ? ` ${e.country}` : ''}`);
const timelineOf = (text: string) => {
  const doc: ExtractedDocument = { docId: 'y1', name: 'y1.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.map((e) => `${e.kind} ${e.date?.iso ?? '-'}`);
};

describe('a year that dates a one-off event without a date phrase', () => {
  it('dates "a 2011 conviction" in counsel\'s disclosure by its year', () => {
    expect(events('en/v27-counsel-letter-year-before-noun')).toContain('conviction applicant 2011');
  });

  it('dates each "Refused: <country> <year>" line of a visa history, and reads no refusal from the issued line', () => {
    const read = events('en/v27-visa-history-country-year');
    expect(read).toEqual(expect.arrayContaining(['refusal applicant 2018 United States', 'refusal applicant 2021 Australia']));
    expect(read.filter((e) => e.startsWith('refusal'))).toHaveLength(2);
  });

  it('takes no year for a date where it qualifies no event, and keeps a dated phrase as it was', () => {
    expect(timelineOf('My 2015 Toyota was sold before I left.')).toEqual([]);
    expect(timelineOf('In 2019 I was refused a visa by the United Kingdom.')).toEqual(['refusal 2019']);
  });
});
