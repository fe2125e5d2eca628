import { conflictsOf } from '../../../lambdas/agents/intake/reading/conflicts';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { Declaration, TimelineEvent } from '../../../lambdas/contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

let next = 0;
const doc = (text: string, type: DocumentType = 'other') => ({ d: { docId: `c${++next}`, name: `doc-${next}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 } as ExtractedDocument, type });

function conflicts(...docs: Array<{ d: ExtractedDocument; type: DocumentType }>) {
  return readCaseFacts(docs.map((x) => x.d), { types: new Map(docs.map((x) => [x.d.docId, { type: x.type, confidence: 0.9, signals: ['test'] }])) }).conflicts;
}

const COURT = doc('CERTIFICATE OF DISPOSITION\nThe accused was charged with theft on 4 April 2019.\nOn 2 October 2019 the accused was acquitted.');
const TRIBUNAL = doc("JUGEMENT\nLe prévenu a été accusé de vol le 3 mai 2018.\nLe tribunal l'a acquitté le 12 février 2019.");

describe('conflicts: contradictory facts kept side by side with their quotes', () => {
  it('a "No" to a question about charges ever laid, against a charge that ended in an acquittal: the charge and the acquittal are both shown', () => {
    const form = doc('Have you ever committed, been arrested for, been charged with or convicted of any criminal offence in any country or territory? No', 'imm-5257');
    const [c, ...rest] = conflicts(form, COURT);
    expect(rest).toEqual([]);
    expect(c.topic).toBe('criminality (applicant)');
    expect(c.readings.map((r) => r.value)).toEqual(['declared: no (IMM 5257)', 'charge 2019-04-04', 'acquittal 2019-10-02']);
    expect(c.readings.map((r) => r.evidence.docId)).toEqual([form.d.docId, COURT.d.docId, COURT.d.docId]);
  });

  it('the same in French', () => {
    const form = doc("Avez-vous déjà commis, été arrêté, été accusé ou reconnu coupable d'une infraction criminelle dans un pays ou territoire ? Non", 'imm-5257');
    expect(conflicts(form, TRIBUNAL).map((c) => c.readings.map((r) => r.value.split(' ')[0]))).toEqual([['declared:', 'charge', 'acquittal']]);
  });

  it('a "No" to a question about convictions only, or about charges still pending, is not contradicted by an acquitted charge', () => {
    expect(conflicts(doc('Have you been convicted of a sexual offence or an offence causing bodily harm? No', 'imm-1344'), COURT)).toEqual([]);
    expect(conflicts(doc('(b) been convicted of, or are you currently charged with, on trial for, or party to a crime or offence in any other country? No', 'imm-5669'), COURT)).toEqual([]);
  });

  it('a "No" to "currently charged" is contradicted by a charge with no outcome', () => {
    const pendingCharge = doc('SUMMONS\nThe accused was charged with fraud on 9 January 2024. The matter is adjourned to 3 June 2024.');
    const out = conflicts(doc('(b) been convicted of, or are you currently charged with, on trial for, or party to a crime or offence in any other country? No', 'imm-5669'), pendingCharge);
    expect(out.map((c) => c.readings.map((r) => r.value))).toEqual([['declared: no (IMM 5669)', 'charge 2024-01-09']]);
  });

  it('a refusal disclosed with a Yes is no conflict; the form\'s "No" with a later sworn disclosure stays a conflict, with the disclosure beside it', () => {
    const notice = doc('REFUSAL OF ENTRY CLEARANCE\nDate of decision: 12/09/2018\nYour application for a Standard Visitor visa is refused.', 'refusal-letter');
    const yes = doc('Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country? Yes - United Kingdom, visitor visa, September 2018', 'imm-5257');
    expect(conflicts(yes, notice)).toEqual([]);
    const no = doc('Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country? No', 'imm-5257');
    const sworn = doc('STATUTORY DECLARATION\nI do solemnly declare that:\n1. I answered "No" to the question about refusals by mistake.\n2. I was refused a visitor visa by the United Kingdom in September 2018.\nDeclared on 15 January 2024.');
    const [c] = conflicts(no, notice, sworn);
    const values = c.readings.map((r) => [r.value.split(' ')[0], r.evidence.docId]);
    expect(values[0]).toEqual(['declared:', no.d.docId]);
    expect(values).toContainEqual(['refusal', notice.d.docId]);
    expect(c.readings[c.readings.length - 1]).toMatchObject({ value: 'declared: yes', evidence: { docId: sworn.d.docId } });
  });

  it('a form that discloses in one answer what another answer denies contradicts nothing', () => {
    const form = doc('(d) been refused a visitor or temporary resident visa, to Canada or any other country? Yes\nDetails: refused a US visa in 2017.\n(e) been refused admission to, or ordered to leave, Canada or any other country? No', 'imm-5669');
    const notice = doc('U.S. Department of State\nNOTICE OF REFUSAL\nDate: 14 March 2017\nYour visa application has been refused under section 214(b).', 'refusal-letter');
    expect(conflicts(form, notice)).toEqual([]);
  });

  it('a refusal dated after the application to Canada is the decision on it, not a refusal the form denied; one dated before is', () => {
    const ev = (docId: string, quote: string) => ({ evidence: { docId, page: 1, quote }, confidence: 0.9, source: 'rules' as const });
    const no: Declaration = { topic: 'prior-refusal', person: 'applicant', answer: 'no', madeIn: 'IMM 5257', ...ev('form', 'refused a visa…? No') };
    const applied: TimelineEvent = { kind: 'application', person: 'applicant', date: { iso: '2024-03-04', precision: 'day' }, country: 'Canada', ...ev('form', 'submitted on 4 March 2024') };
    const decision: TimelineEvent = { kind: 'refusal', person: 'applicant', date: { iso: '2024-05-02', precision: 'day' }, country: 'Canada', ...ev('letter', 'is refused') };
    const earlier: TimelineEvent = { kind: 'refusal', person: 'applicant', date: { iso: '2019-06-11', precision: 'day' }, country: 'United States', ...ev('notice', 'refused under 214(b)') };
    expect(conflictsOf([applied, decision], [no])).toEqual([]);
    expect(conflictsOf([applied, decision, earlier], [no]).map((c) => c.readings.map((r) => r.value))).toEqual([['declared: no (IMM 5257)', 'refusal 2019-06-11 (United States)']]);
  });

  it("the refusal under analysis, read from the officer's notes with the application it decides (no country named), is not a refusal the form denied", () => {
    const ev = (docId: string, quote: string) => ({ evidence: { docId, page: 1, quote }, confidence: 0.9, source: 'rules' as const });
    const no: Declaration = { topic: 'prior-refusal', person: 'applicant', answer: 'no', madeIn: 'IMM 5257', ...ev('form', 'refused a visa…? No') };
    const received: TimelineEvent = { kind: 'application', person: 'applicant', date: { iso: '2025-10-06', precision: 'day' }, ...ev('notes', 'Application received: 2025-10-06') };
    const decided: TimelineEvent = { kind: 'refusal', person: 'applicant', date: { iso: '2025-11-19', precision: 'day' }, ...ev('notes', 'Final decision: REFUSED 2025-11-19') };
    expect(conflictsOf([received, decided], [no])).toEqual([]);
    // An application to another country named as such is no bound: its refusal is one the form must disclose.
    const schengen: TimelineEvent = { ...received, country: 'Germany' };
    expect(conflictsOf([schengen, decided], [no])).toHaveLength(1);
  });

  it('one marriage given two dates is a conflict with both quotes', () => {
    const out = conflicts(doc('MARRIAGE CERTIFICATE\nDate of marriage: 14 February 2020', 'marriage-certificate'), doc('We were married on 21 February 2020 in Cebu.'));
    expect(out.filter((c) => c.topic.startsWith('marriage')).map((c) => c.readings.map((r) => r.value).sort())).toEqual([['2020-02-14', '2020-02-21']]);
  });
});
