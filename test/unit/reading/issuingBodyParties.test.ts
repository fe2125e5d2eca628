/**
 * A government body heading a record it issues (Service Canada on a Record of Employment, « Service
 * Canada » on a relevé d'emploi) is the record's issuer, no employer; a body a sentence names as
 * someone's employer still is one. Vocabulary: lexicons/issuingBodies.json.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const employers = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'record.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc])
    .parties.filter((p) => p.role === 'employer')
    .map((p) => p.name);
};

describe('parties: an issuing body is no employer', () => {
  it('Service Canada heading a Record of Employment is not read as the employer; the employer block is', () => {
    const roe = 'Service Canada\nRECORD OF EMPLOYMENT (ROE)\n\nSerial No. W84531027\nBlock 5  Employer\'s name and address: Prairie Gold Poultry Processing Inc., 400 Industrial Rd, Brandon MB\nBlock 10 First day worked: 2021-06-14\nBlock 11 Last day for which paid: 2023-09-29';
    expect(employers(roe)).toEqual(['Prairie Gold Poultry Processing Inc.']);
  });

  it('the French record (« Relevé d’emploi ») headed by Service Canada, neither', () => {
    const releve = 'Service Canada\nRELEVÉ D\'EMPLOI (RE)\n\nCase 5  Nom et adresse de l\'employeur : Boulangerie Lachance Inc., 12 rue Principale, Lévis QC\nCase 10 Premier jour de travail : 2020-03-02\nCase 11 Dernier jour pour lequel une rémunération a été versée : 2023-01-27';
    expect(employers(releve)).toEqual(['Boulangerie Lachance Inc.']);
  });

  it('a letterhead that is no government body is still read as the employer', () => {
    const letter = 'Harbourline Logistics Ltd.\n400 Water Street, Halifax NS\n\nEMPLOYMENT LETTER\nThis is to confirm that Ms. Amara Okafor has been employed with us as a dispatcher since 2019.';
    expect(employers(letter)).toContain('Harbourline Logistics Ltd.');
  });
});
