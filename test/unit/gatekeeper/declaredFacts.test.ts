import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { checkConsistency } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { DocumentType } from '../../../lambdas/contracts/intakeOutput';
import { readableDoc } from '../../fixtures/documents/extractedDocs';

const TODAY = { year: 2026, month: 1, day: 10 };

function check(files: Array<{ name: string; type: DocumentType; text: string }>) {
  const extracted = files.map((f) => readableDoc(f.name, f.text));
  const summaries = files.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const facts = readCaseFacts(extracted, { types: new Map(files.map((f) => [f.name, { type: f.type, confidence: 0.9, signals: ['test'] }])) });
  return checkConsistency(caseDocuments(extracted, summaries), bundledSeverityRules(), { applicationType: 'visitor-visa', today: TODAY, facts });
}

const FORM_NO_CRIMINALITY =
  'APPLICATION FOR TEMPORARY RESIDENT VISA\n\nHave you ever committed, been arrested for, been charged with or convicted of any criminal offence in any country or territory?\nNo\n';
const COURT_RECORD = 'COURT OF KING\'S BENCH — CERTIFICATE OF DISPOSITION\nThe accused was charged with theft under $5,000 on 4 April 2019.\nOn 2 October 2019 the accused was acquitted.';

describe('consistency: the form\'s answers against the case-fact model', () => {
  it('a "No" to the criminality question beside a court record of a charge is a finding, even though the charge ended in an acquittal', () => {
    const result = check([
      { name: 'imm5257.txt', type: 'imm-5257', text: FORM_NO_CRIMINALITY },
      { name: 'court-record.txt', type: 'other', text: COURT_RECORD },
    ]);
    const finding = result.findings.find((f) => f.code === 'criminality-undisclosed');
    expect(finding).toMatchObject({ severity: 'critical', provision: 'IRPA 40(1)(a)' });
    expect(finding?.summary).toMatch(/imm5257\.txt answers "No".*court-record\.txt shows a charge or conviction \(2019-04-04\)\. The charge ended in an acquittal \(2019-10-02\), but the question asks about charges as well as convictions/);
    expect(finding?.evidence.map((e) => e.docId)).toEqual(['imm5257.txt', 'court-record.txt']);
    expect(result.triggers).toContainEqual(expect.objectContaining({ provision: 'IRPA 40(1)(a)', source: 'consistency:criminality-undisclosed' }));
  });

  it('a "No" to the criminality question with nothing in the record is no finding', () => {
    const result = check([{ name: 'imm5257.txt', type: 'imm-5257', text: FORM_NO_CRIMINALITY }]);
    expect(result.findings.filter((f) => f.code === 'criminality-undisclosed')).toEqual([]);
  });

  it('a sworn declaration that discloses a refusal left off the form is not read as a denial of any refusal', () => {
    const declaration =
      'STATUTORY DECLARATION\n\nI, Tomasz Wójcik, solemnly declare that:\n\n' +
      '1. My application form says that I had never been refused a visa. That answer was wrong.\n' +
      '2. I was refused a visitor visa to Australia in August 2016, and I should have said so.\n\n' +
      'Declared at Gdańsk on 3 March 2024.';
    const result = check([
      { name: 'declaration.txt', type: 'other', text: declaration },
      { name: 'refusal-2016.txt', type: 'refusal-letter', text: 'Date: 22 August 2016\nDear Applicant,\nYour application for a visitor visa is refused.' },
    ]);
    const denials = result.findings.filter((f) => f.code.startsWith('never-refused') && f.summary.startsWith('declaration.txt'));
    expect(denials).toEqual([]);
  });

  it('the same in French: a "Non" to a question about arrests and charges beside a judgment of acquittal', () => {
    const result = check([
      { name: 'imm5257f.txt', type: 'imm-5257', text: "Avez-vous déjà commis, été arrêté, été accusé ou reconnu coupable d'une infraction criminelle dans un pays ou territoire ? Non" },
      { name: 'jugement.txt', type: 'other', text: "JUGEMENT\nLe prévenu a été accusé de vol le 3 mai 2018.\nLe tribunal l'a acquitté le 12 février 2019." },
    ]);
    expect(result.findings.find((f) => f.code === 'criminality-undisclosed')?.summary).toMatch(/acquittal \(2019-02-12\)/);
  });

  it('an acquitted charge is no finding against a question about convictions only, nor against one about charges currently laid', () => {
    for (const [name, type, question] of [
      ['imm1344.txt', 'imm-1344', 'Have you been convicted of a sexual offence or an offence causing bodily harm? No'],
      ['imm5669.txt', 'imm-5669', '(b) been convicted of, or are you currently charged with, on trial for, or party to a crime or offence in any other country? No'],
    ] as const) {
      const result = check([
        { name, type, text: question },
        { name: 'court-record.txt', type: 'other', text: COURT_RECORD },
      ]);
      expect(result.findings.filter((f) => f.code === 'criminality-undisclosed')).toEqual([]);
    }
  });

  it('a refusal disclosed with a Yes and details is never a misrepresentation finding; the same refusal left off as a "No" is', () => {
    const refusal = { name: 'us-refusal.txt', type: 'refusal-letter' as const, text: 'U.S. Embassy\nDate: 14 March 2017\nNOTICE OF REFUSAL\nYour application for a nonimmigrant visa has been refused under section 214(b).' };
    const question = 'Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country or territory?';
    const disclosed = check([{ name: 'imm5257.txt', type: 'imm-5257', text: `${question} Yes - United States, B1/B2 visa, March 2017 (section 214(b))\nSignature date: 2 May 2024` }, refusal]);
    expect(disclosed.findings.filter((f) => f.code.startsWith('never-refused'))).toEqual([]);
    expect(disclosed.triggers.filter((t) => t.provision === 'IRPA 40(1)(a)')).toEqual([]);
    const denied = check([{ name: 'imm5257.txt', type: 'imm-5257', text: `${question} No\nSignature date: 2 May 2024` }, refusal]);
    expect(denied.findings).toContainEqual(expect.objectContaining({ code: 'never-refused-contradicted', provision: 'IRPA 40(1)(a)' }));
  });

  it('a form\'s "No" stays a finding when a sworn declaration discloses the refusal afterwards; the declaration itself is not one', () => {
    const result = check([
      { name: 'imm5257.txt', type: 'imm-5257', text: 'Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country or territory? No\nSignature date: 10 November 2023' },
      { name: 'uk-refusal.txt', type: 'refusal-letter', text: 'UK Visas and Immigration\nDate of decision: 12 September 2018\nYour application for entry clearance is refused.' },
      { name: 'declaration.txt', type: 'other', text: 'STATUTORY DECLARATION\nI do solemnly declare that:\n1. I was refused a visitor visa by the United Kingdom on 12 September 2018.\n2. I answered "No" on my form because I misunderstood the question.\nDeclared on 15 January 2024.' },
    ]);
    const denials = result.findings.filter((f) => f.code.startsWith('never-refused'));
    expect(denials.map((f) => f.summary.split(' ')[0])).toEqual(['imm5257.txt']);
  });
});

