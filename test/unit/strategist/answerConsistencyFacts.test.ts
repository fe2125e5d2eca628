/**
 * Consistency between the partners' answers compares this couple's dates only: a sponsor's earlier
 * marriage, told in a "previous relationship" line or a divorce certificate, is another relationship,
 * not a contradiction of this one; two accounts of this couple's marriage on different days still are.
 */
import { answerConsistency } from '../../../lambdas/agents/strategist/signals/spousal/answerConsistency';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { typedFile } from './strategistFixtures';

type Doc = Parameters<typeof typedFile>[1][number];

function consistency(docs: Doc[]) {
  const file = typedFile('spousal-sponsorship', docs);
  return answerConsistency({ ...file, facts: readCaseFacts(file.documents.map((d) => d.extracted)) });
}

const CERTIFICATE: Doc = { name: 'certificat-de-mariage.txt', type: 'marriage-certificate', text: 'MARRIAGE CERTIFICATE\nDate of marriage: 28 August 2025\nPlace: Cebu City, Philippines\n' };
const FORM: Doc = { name: 'imm5669.txt', type: 'imm-5669', text: 'ANNEXE A\nSituation : mariée à Sébastien Leblanc depuis le 2025-08-28.\n' };

describe('the partners’ dates compared', () => {
  it('does not set a sponsor’s earlier marriage against this one (« Relation antérieure du répondant », a divorce certificate)', () => {
    const earlier: Doc = { name: 'imm5532.txt', type: 'imm-5532', text: 'Relation antérieure du répondant : Maricel Santos, mariage 2014, divorce le 11 janvier 2020.\n' };
    const divorce: Doc = { name: 'certificat-de-divorce.txt', type: 'other', text: "COUR SUPÉRIEURE - Certificat de divorce\nSébastien Leblanc et Maricel Santos, mariés le 30 avril 2014, sont divorcés à compter du 11 janvier 2020.\n" };
    const signal = consistency([CERTIFICATE, FORM, earlier, divorce]);
    expect(signal.finding).not.toMatch(/contradict/);
    expect(signal.rating).not.toMatch(/weak|adverse/);
  });

  it('still finds two accounts of this couple’s marriage on different days', () => {
    const other: Doc = { name: 'lettre.txt', type: 'other', text: 'Nous nous sommes mariés le 14 septembre 2025 à Cebu.\n' };
    expect(consistency([CERTIFICATE, other]).finding).toMatch(/contradict each other on the marriage \(2025-08-28 against 2025-09-14\)/);
  });

  it('does not set a wedding still planned (the inviter’s, told in a dated invitation letter) against the couple’s marriage', () => {
    const form: Doc = { name: 'imm5257.txt', type: 'imm-5257', text: 'IMM 5257 (E)\n10. Current marital status: Married\n    Date of marriage: 2017-12-02\n' };
    const planned: Doc = { name: 'invitation-letter.txt', type: 'invitation-letter', text: '2026-04-28\n\nTo the Visa Officer\nPurpose of the visit: I am getting married on Saturday 11 July 2026 in Halifax.\n' };
    const file = typedFile('visitor-visa', [form, planned]);
    const signal = answerConsistency({ ...file, facts: readCaseFacts(file.documents.map((d) => d.extracted)) });
    expect(signal.finding).not.toMatch(/contradict/);
    // The same letter telling a past wedding on another day is a contradiction.
    const past: Doc = { ...planned, text: '2026-04-28\n\nTo the Visa Officer\nWe were married on 11 July 2016 in Medellin.\n' };
    const other = typedFile('visitor-visa', [form, past]);
    expect(answerConsistency({ ...other, facts: readCaseFacts(other.documents.map((d) => d.extracted)) }).finding).toMatch(/contradict each other on the marriage \(2017-12-02 against 2016-07-11\)/);
  });
});
