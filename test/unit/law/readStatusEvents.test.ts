import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const doc = (docId: string, text: string): ExtractedDocument => ({ docId, name: docId, format: 'text', status: 'ok', statusDetail: 'ok', pages: [{ page: 1, text }], pageCount: 1 });
const events = (text: string, kind: string) => readCaseFacts([doc('d.txt', text)]).timeline.filter((e) => e.kind === kind);

describe('readStatusEvents: the status events the legal rules count from', () => {
  it("reads the sponsor's own landing as a sponsored spouse, in English and in French, with its date", () => {
    const en = events('Statutory declaration of the sponsor\nI was sponsored by my first wife and became a permanent resident on 12 April 2021.', 'landed-as-sponsored-partner');
    expect(en).toEqual([expect.objectContaining({ person: 'sponsor', date: { iso: '2021-04-12', precision: 'day' } })]);
    const fr = events('Déclaration solennelle du répondant\nJ’ai été parrainé par mon ex-épouse et je suis devenu résident permanent le 3 mars 2020.', 'landed-as-sponsored-partner');
    expect(fr).toEqual([expect.objectContaining({ person: 'sponsor', date: { iso: '2020-03-03', precision: 'day' } })]);
  });

  it("reads the sponsorship form's answer to how the sponsor became a permanent resident, and not an applicant hoping to be sponsored", () => {
    const en = events('How did you become a permanent resident?\nSponsored as a spouse by J. Okafor; permanent resident since 4 June 2023.', 'landed-as-sponsored-partner');
    expect(en).toEqual([expect.objectContaining({ person: 'sponsor', date: { iso: '2023-06-04', precision: 'day' } })]);
    const fr = events('Comment êtes-vous devenu résident permanent?\nParrainée à titre d’épouse par K. Mensah ; résidente permanente depuis le 9 février 2022.', 'landed-as-sponsored-partner');
    expect(fr).toEqual([expect.objectContaining({ person: 'sponsor', date: { iso: '2022-02-09', precision: 'day' } })]);
    expect(events('My husband will apply so that I can be sponsored as a spouse by him and become a permanent resident next year.', 'landed-as-sponsored-partner')).toEqual([]);
  });

  it('reads no such landing for a sponsor born in Canada', () => {
    expect(events('Sponsor information\nPlace of birth: Halifax, Nova Scotia, Canada\nCitizenship: Canadian by birth', 'landed-as-sponsored-partner')).toEqual([]);
  });

  it('reads an Express Entry invitation with its date, and not one merely hoped for', () => {
    expect(events('Express Entry profile E001234567: Invitation to apply received on 2026-11-02 (CEC).', 'invitation-to-apply')).toEqual([expect.objectContaining({ date: { iso: '2026-11-02', precision: 'day' } })]);
    expect(events('If I receive an invitation to apply next year, I will submit my documents.', 'invitation-to-apply')).toEqual([]);
  });

  it('reads a CAQ issued, and not a CAQ applied for', () => {
    expect(events('Certificat d’acceptation du Québec pour études délivré le 15 mai 2026, numéro Q-2026-118822.', 'caq-issued')).toEqual([expect.objectContaining({ date: { iso: '2026-05-15', precision: 'day' } })]);
    expect(events('My CAQ application is still pending with the MIFI.', 'caq-issued')).toEqual([]);
  });
});

describe('readStatusEvents: boilerplate is no event', () => {
  it('reads no CAQ from an instruction to obtain one, and no invitation from an undated mention', () => {
    expect(events("Pour étudier au Québec, vous devez obtenir un Certificat d'acceptation du Québec (CAQ) avant le 1er juin 2026.", 'caq-issued')).toEqual([]);
    expect(events('An invitation to apply does not guarantee that your application will be approved.', 'invitation-to-apply')).toEqual([]);
  });
});
