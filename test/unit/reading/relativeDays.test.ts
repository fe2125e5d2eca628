/**
 * Events told as today's or yesterday's in an e-mail or a chat export are dated by the message that
 * tells them; a chat line's own date is not the date of what the next line tells; plans are no events.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'chat.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'communication-records', language), spousal: true }).map((e) => `${e.kind} ${e.date?.iso ?? '-'}`);
};

describe('events dated by the message that tells them', () => {
  it("dates a chat export's 'today' and 'this morning' at each message's own day, and reads no plan (EN)", () => {
    const chat = [
      '[02/11/2018, 20:41] Lucas: Hi Ana, lovely chatting with you',
      "[12/03/2019, 21:14] Ana: Amor, we got engaged today!! I still can't believe it",
      '[12/03/2019, 21:20] Lucas: Best night of my life. Tomorrow we tell your parents',
      '[05/01/2020, 09:03] Ana: Moving day! We moved in together this morning, the flat is full of boxes',
      '[20/06/2021, 18:30] Lucas: Maybe one day we will get married on a beach',
    ].join('\n');
    expect(events(chat)).toEqual(['engagement 2019-03-12', 'cohabitation-start 2020-01-05']);
  });

  it("dates an e-mail's 'hier soir' at the day before its Date header (FR)", () => {
    const mail = 'De : Awa\nDate : 14 juillet 2023 19:02\nObjet : Oui !\n\nNous nous sommes fiancés hier soir à Bobo-Dioulasso devant nos deux familles.';
    expect(events(mail, 'fr')).toEqual(['engagement 2023-07-13']);
  });

  it('leaves an event undated when no message dates it', () => {
    expect(events('We got engaged yesterday, on the beach.')).toEqual(['engagement -']);
  });
});
