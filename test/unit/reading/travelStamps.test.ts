/**
 * Entries read from records of border crossings: a translator's transcription of passport stamps,
 * a border agency's history of a traveller's movements. Each dated line marked as an entry is an
 * entry; an exit is none; a page that marks no exit is no such record.
 */
import { entryStamps, recordsCrossings } from '../../../lambdas/agents/intake/reading/events/travelStamps';
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';

const entries = (text: string, language: 'en' | 'fr' = 'en', type: DocumentType = 'passport') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'record.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, type, language), spousal: false })
    .filter((e) => e.kind === 'entry')
    .map((e) => `${e.person} ${e.date?.iso ?? '-'} ${e.country ?? ''}`.trim());
};

describe('entries read from passport stamps and crossing records', () => {
  it('reads each ENTRY stamp of a transcription at its own date and country, and no exit (EN)', () => {
    const stamps = [
      'Page 6   ENTRY   Dubai International Airport, UNITED ARAB EMIRATES   03 JAN 2020',
      'Page 6   EXIT    Dubai International Airport, UNITED ARAB EMIRATES   17 JAN 2020',
      'Page 9   ENTRY   London Heathrow, UNITED KINGDOM   12 APR 2022',
      'Page 9   EXIT    London Heathrow, UNITED KINGDOM   30 APR 2022',
    ].join('\n');
    expect(entries(stamps)).toEqual(['applicant 2020-01-03 United Arab Emirates', 'applicant 2022-04-12 United Kingdom']);
  });

  it("reads « Cachet d'entrée — lieu — date » lines, and not the visa foil's validity between them (FR)", () => {
    const stamps = [
      'Page 9',
      "Cachet d'entrée — Aéroport Paris-Charles-de-Gaulle (FRANCE) — 12/03/2021",
      'Cachet de sortie — Aéroport Paris-Charles-de-Gaulle (FRANCE) — 26/03/2021',
      'Visa Schengen de type C, valable du 10/03/2021 au 09/04/2021',
    ].join('\n');
    expect(entries(stamps, 'fr')).toEqual(['applicant 2021-03-12 France']);
  });

  it("reads a border agency's log by its IN rows, though each row opens with its date", () => {
    const log = ['Date         Direction   Port', '2018-05-14   IN          Toronto Pearson International', '2018-08-02   OUT         Toronto Pearson International', '2021-12-19   IN          Vancouver International'].join('\n');
    // The ports are Canadian cities: the gazetteer names their country (lexicons/places.json).
    expect(entries(log, 'en', 'other')).toEqual(['applicant 2018-05-14 Canada', 'applicant 2021-12-19 Canada']);
  });

  it('reads no entry from a page that marks no exit: a lone dated "Entry" is no record of crossings', () => {
    const form = 'Visa type: visitor\nEntry   multiple   valid until 2027-01-01';
    expect(recordsCrossings(form, 'unknown')).toBe(false);
    expect(entries(form, 'en', 'other')).toEqual([]);
  });

  it('keeps offsets: the stamp line keeps its place in the segment, every other line blanked', () => {
    const text = 'ENTRY  Lagos  01 MAR 2021\nEXIT  Lagos  09 MAR 2021';
    const [stamp] = entryStamps(text, 'day-first');
    expect(stamp.line.length).toBe(text.length);
    expect(stamp.line.trim()).toBe('ENTRY  Lagos  01 MAR 2021');
    expect(text.slice(stamp.index, stamp.index + stamp.length)).toBe('ENTRY');
  });

  it('does not read a mark inside a sentence as a stamp ("his entry to the programme on 3 May 2021")', () => {
    const text = 'We confirm his entry to the programme on 3 May 2021.\nExit interview — 2021-06-30';
    expect(entryStamps(text, 'day-first')).toEqual([]);
  });
});
