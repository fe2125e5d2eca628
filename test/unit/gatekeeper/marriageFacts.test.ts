/**
 * The marriage checks read the case-fact model: each spec writes the documents and hands the
 * gatekeeper exactly the facts a reader would take from them, so what is specified is the check, not
 * today's reader.
 */
import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { consistencyIssues } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import type { CaseFacts, Party } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { day, declaration, event, factModel } from '../strategist/handBuiltFacts';

const TODAY = { year: 2026, month: 1, day: 10 };

const SPONSOR_FORM = `IMM 1344 (E)
PART 1 - SPONSOR
Family name: TREMBLAY
Given name(s): Marc-Andre
Date of marriage: 2023-05-20
Previous marriages or common-law relationships: None`;

const CERTIFICATE = `CERTIFICATE OF MARRIAGE (fictional record)
HUSBAND
Name: Marc-Andre TREMBLAY
Civil status: Single
WIFE
Name: Lourdes Anne VILLANUEVA
Civil status: Divorced
Date of marriage: 27 May 2023`;

const DIVORCE = `SUPERIOR COURT OF QUEBEC (fictional record)
The parties, Marc-Andre Tremblay and Julie Gagnon, were married on 12 June 2010 in Gatineau.
The court declares Marc-Andre Tremblay and Julie Gagnon divorced as of 2017-10-03.`;

type Doc = { name: string; type: DocumentType; text: string };
const FORM: Doc = { name: 'imm1344.txt', type: 'imm-1344', text: SPONSOR_FORM };
const CERT: Doc = { name: 'certificate.txt', type: 'marriage-certificate', text: CERTIFICATE };
const JUDGMENT: Doc = { name: 'divorce.txt', type: 'other', text: DIVORCE };

const party = (docId: string, role: Party['role'], name: string, quote: string): Party => ({ role, name, evidence: { docId, page: 1, quote }, confidence: 0.9, source: 'rules' });
const PARTIES = [party('imm1344.txt', 'sponsor', 'Marc-Andre TREMBLAY', 'Family name: TREMBLAY'), party('certificate.txt', 'applicant', 'Lourdes Anne VILLANUEVA', 'Name: Lourdes Anne VILLANUEVA')];
const MARRIED = event('imm1344.txt', 'Date of marriage: 2023-05-20', { kind: 'marriage', person: 'applicant', date: day('2023-05-20') });
const NONE = declaration('imm1344.txt', 'Previous marriages or common-law relationships: None', { topic: 'previous-marriage', person: 'sponsor', answer: 'no', madeIn: 'IMM 1344' });

function issues(docs: Doc[], facts: Partial<CaseFacts>) {
  const extracted = docs.map((d) => readableDoc(d.name, d.text));
  const summaries = docs.map((d) => ({ docId: d.name, name: d.name, status: 'ok' as const, statusDetail: '', type: d.type, typeReason: 'test', pages: 1, characters: d.text.length }));
  const found = consistencyIssues(caseDocuments(extracted, summaries), { today: TODAY, facts: factModel({ parties: PARTIES, ...facts }) });
  for (const i of found) for (const e of i.evidence) expect(verifyEvidence(extracted, e)).toBe(true);
  return found;
}

describe('marriage date, from the model', () => {
  it('two documents giving the marriage different days: one finding quoting both', () => {
    const other = event('certificate.txt', 'Date of marriage: 27 May 2023', { kind: 'marriage', person: 'applicant', date: day('2023-05-27') });
    const [found] = issues([FORM, CERT], { timeline: [MARRIED, other] });
    expect(found.code).toBe('marriage-date-mismatch');
    expect(found.summary).toBe('The date of the marriage differs between documents: 2023-05-20 (imm1344.txt) vs 2023-05-27 (certificate.txt).');
    expect(found.evidence.map((e) => e.quote)).toEqual(['Date of marriage: 2023-05-20', 'Date of marriage: 27 May 2023']);
  });

  it('a marriage dated before a divorce is an earlier marriage, not a second date of this one', () => {
    const earlier = event('divorce.txt', 'The parties, Marc-Andre Tremblay and Julie Gagnon, were married on 12 June 2010 in Gatineau.', { kind: 'marriage', person: 'applicant', date: day('2010-06-12') });
    const divorce = event('divorce.txt', 'The court declares Marc-Andre Tremblay and Julie Gagnon divorced as of 2017-10-03.', { kind: 'divorce', person: 'sponsor', date: day('2017-10-03') });
    expect(issues([FORM, JUDGMENT], { timeline: [MARRIED, earlier, divorce] }).map((i) => i.code)).not.toContain('marriage-date-mismatch');
  });

  it('an earlier marriage its quote names, an officer’s registry record and a wedding still planned are not this marriage', () => {
    const earlier = 'Relation antérieure du répondant : Maricel Santos, mariage 2014, divorce le 11 janvier 2020.';
    const registry = 'Registry search returns a record of a marriage on 3 August 2019 between the applicant and one Obinna Nwankwo.';
    const planned = 'Date: 2026-04-28\nI am getting married on Saturday 11 July 2026 to Siobhan Marie.';
    const docs: Doc[] = [FORM, { name: 'imm5532.txt', type: 'imm-5532', text: earlier }, { name: 'gcms.txt', type: 'gcms-notes', text: registry }, { name: 'invitation.txt', type: 'invitation-letter', text: planned }];
    const timeline = [
      MARRIED,
      event('imm5532.txt', earlier, { kind: 'marriage', person: 'sponsor', date: day('2020-01-11') }),
      event('gcms.txt', registry, { kind: 'marriage', person: 'applicant', date: day('2019-08-03') }),
      event('invitation.txt', 'I am getting married on Saturday 11 July 2026 to Siobhan Marie.', { kind: 'marriage', person: 'applicant', date: day('2026-07-11') }),
    ];
    const documents = [{ docId: 'invitation.txt', type: 'invitation-letter' as const, typeConfidence: 0.9, typeSignals: [], language: 'en' as const, dated: day('2026-04-28') }];
    expect(issues(docs, { timeline, documents })).toEqual([]);
  });

  it('a day the document leaves ambiguous settles nothing', () => {
    const ambiguous = event('certificate.txt', 'Date of marriage: 27 May 2023', { kind: 'marriage', person: 'applicant', date: { ...day('2023-05-27'), ambiguous: ['2023-05-27', '2023-05-27'] } });
    expect(issues([FORM, CERT], { timeline: [MARRIED, ambiguous] })).toEqual([]);
  });
});

describe('previous marriages declared as none, from the model', () => {
  const divorce = event('divorce.txt', 'The court declares Marc-Andre Tremblay and Julie Gagnon divorced as of 2017-10-03.', { kind: 'divorce', person: 'applicant', date: day('2017-10-03') });

  it('"None" on the sponsor’s form against a divorce judgment naming him (whatever role the reader gave the divorce)', () => {
    const [found] = issues([FORM, JUDGMENT], { timeline: [MARRIED, divorce], declarations: [NONE] });
    expect(found.code).toBe('previous-marriage-undisclosed');
    expect(found.summary).toBe('imm1344.txt declares no previous marriage for Marc-Andre TREMBLAY, but divorce.txt shows an earlier marriage or a divorce.');
    expect(found.evidence.map((e) => e.quote)).toEqual(['Previous marriages or common-law relationships: None', 'The court declares Marc-Andre Tremblay and Julie Gagnon divorced as of 2017-10-03.']);
  });

  it('the bride’s "Divorced" on the certificate is not the groom’s', () => {
    const brides = event('certificate.txt', 'Civil status: Divorced', { kind: 'divorce', person: 'applicant' });
    expect(issues([FORM, CERT], { timeline: [MARRIED, brides], declarations: [NONE] })).toEqual([]);
  });

  it('but the groom’s is', () => {
    const text = CERTIFICATE.replace('Civil status: Single', 'Civil status: Divorced').replace('WIFE\nName: Lourdes Anne VILLANUEVA\nCivil status: Divorced', 'WIFE\nName: Lourdes Anne VILLANUEVA\nCivil status: Single');
    const grooms = event('certificate.txt', 'Civil status: Divorced', { kind: 'divorce', person: 'applicant' });
    const [found] = issues([FORM, { ...CERT, text }], { timeline: [MARRIED, grooms], declarations: [NONE] });
    expect(found.code).toBe('previous-marriage-undisclosed');
    // The text reading of the same status is not quoted twice.
    expect(found.evidence.map((e) => e.quote)).toEqual(['Previous marriages or common-law relationships: None', 'Civil status: Divorced']);
  });

  it('a divorce of someone else, in a document that does not name the sponsor, is no contradiction', () => {
    const sister = { name: 'sister.txt', type: 'other' as const, text: 'Certificate of divorce: Rosario Villanueva-Cruz and Benigno Cruz are divorced as of 2019-02-01.' };
    const hers = event('sister.txt', sister.text, { kind: 'divorce', person: 'other', date: day('2019-02-01') });
    expect(issues([FORM, sister], { timeline: [MARRIED, hers], declarations: [NONE] })).toEqual([]);
  });

  it('a form that discloses the marriage in another answer denies nothing', () => {
    const answer = 'Previously married or in a common-law relationship? Yes - see the divorce judgment';
    const yes = declaration('imm1344.txt', answer, { topic: 'previous-marriage', person: 'sponsor', answer: 'yes' });
    expect(issues([{ ...FORM, text: `${SPONSOR_FORM}\n${answer}` }, JUDGMENT], { timeline: [MARRIED, divorce], declarations: [NONE, yes] })).toEqual([]);
  });

  it('a widowhood, which the model has no event for, is still read from the text', () => {
    const text = CERTIFICATE.replace('Civil status: Single', 'Civil status: Widowed');
    const [found] = issues([FORM, { ...CERT, text }], { timeline: [MARRIED], declarations: [NONE] });
    expect(found.code).toBe('previous-marriage-undisclosed');
    expect(found.evidence.map((e) => e.quote)).toEqual(['Previous marriages or common-law relationships: None', 'Civil status: Widowed']);
  });

  it('no finding without the model’s "No" (a "None" the reader did not take is not guessed from the text)', () => {
    expect(issues([FORM, JUDGMENT], { timeline: [MARRIED, divorce] })).toEqual([]);
  });
});
