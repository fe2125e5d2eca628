/**
 * The job a work permit is asked for is an `employment` event at its stated start (the corpus convention):
 * an offer read in English or French dates it by the start it gives, and a programme's start date is no job.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const jobs = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'offer.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.filter((e) => e.kind === 'employment').map((e) => [e.person, e.date?.iso]);
};

describe("an offer's start", () => {
  it.each([
    ['We are pleased to offer you the position of Welder at our Moncton plant. Your anticipated start date is 9 March 2026, subject to your work permit.', '2026-03-09'],
    ['We are pleased to offer you the position of line cook, starting 4 May 2026, at 40 hours a week.', '2026-05-04'],
    ['Nous avons le plaisir de vous offrir le poste de soudeur à temps plein à compter du 2 juin 2025.', '2025-06-02'],
    ["Votre entrée en fonction est prévue le 12 janvier 2026, sous réserve de l'obtention de votre permis de travail.", '2026-01-12'],
    ['Notre filiale de Laval l’accueillera comme directeur technique à partir du 1er avril 2025, pour trois ans.', '2025-04-01'],
  ])('dates the job offered in "%s"', (text, day) => {
    expect(jobs(`Dear Ms. Ortiz,\n\n${text}\n\nHuman Resources`)).toEqual([['applicant', day]]);
  });

  it("reads no job from a programme's start date", () => {
    expect(jobs('Dear Mr. Lee,\n\nThe program start date is 8 September 2025. Your start date in the Business program is 8 September 2025.\n\nAdmissions Office')).toEqual([]);
  });
});
