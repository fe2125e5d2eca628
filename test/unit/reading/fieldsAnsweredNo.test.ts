/**
 * A form line whose field names an event and whose answer is no is a declaration that nothing
 * happened: "Refus de visa antérieur : Non." beside another field on the same line must never put a
 * refusal in the timeline (a strong sponsorship file was once alarmed with IRPA 40(1)(a) by it).
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const kinds = (text: string, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'schedule-a.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'imm-5669', language), spousal: true }).map((e) => e.kind);
};

describe('form fields answered no', () => {
  it.each([
    ['Refus de visa antérieur : Non.   Accusations ou condamnations : Non.', 'fr'],
    ['Previous visa refusal: No.   Charges or convictions: None.', 'en'],
    ['Refused a visa or permit to any country: N/A    Removed or deported: Nil', 'en'],
    ['Refus antérieur : aucun ; mesure de renvoi : néant', 'fr'],
  ] as const)('"%s" puts no refusal, charge or removal in the timeline', (line, language) => {
    expect(kinds(line, language).filter((k) => ['refusal', 'charge', 'conviction', 'removal-order'].includes(k))).toEqual([]);
  });

  it('still reads a refusal the same kind of line tells with a yes and its details', () => {
    expect(kinds('Previous visa refusal: Yes. United Kingdom visitor visa refused on 2019-03-04 for insufficient funds.')).toContain('refusal');
  });
});
