/**
 * An entry to Canada told by arriving in a Canadian city, province or airport, dated in its
 * sentence; an arrival planned, undated, or in a place that is not Canada's is none.
 */
import { arrivalsInCanada } from '../../../lambdas/agents/intake/reading/events/arrivals';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import { datesIn } from '../../../lambdas/agents/intake/reading/textReaders';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const entries = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'other', 'en'), spousal: true })
    .filter((e) => e.kind === 'entry')
    .map((e) => `${e.date?.iso ?? '-'} ${e.country ?? ''}`.trim());
};

describe('entries told as arrivals in a Canadian place', () => {
  it.each([
    ['I arrived in Toronto on 3 May 2019.', '2019-05-03 Canada'],
    ['We met on 2 August 2019, when I flew to Calgary on a visitor visa.', '2019-08-02 Canada'],
    ['We landed at Pearson on 14 July 2022.', '2022-07-14 Canada'],
  ])('reads "%s" as an entry to Canada', (text, entry) => {
    expect(entries(text)).toEqual([entry]);
  });

  it.each(['When I arrive in Toronto I will call you.', 'She arrived in London on 4 June 2018.', 'I arrived in Vancouver late at night.'])('reads no entry from "%s"', (text) => {
    expect(arrivalsInCanada(text, datesIn(text, 'day-first'))).toEqual([]);
  });
});
