import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { checkConsistency, consistencyIssues } from '../../../lambdas/agents/gatekeeper/consistency/checkConsistency';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import { type ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { docx } from '../../fixtures/documents/officeFixtures';
import { textPdf } from '../../fixtures/documents/pdfFixtures';
import { CHAT_EXCERPT, consistentSpousalFile, edit, type FixtureDoc, REFUSAL_LETTER, SCHEDULE_A, SUBMISSION_LETTER } from './caseFixtures';

afterAll(() => closePdfWorkers());

const TODAY = { year: 2026, month: 1, day: 10 };

/** The fixtures as the gatekeeper sees them: their text, and the case-fact model Intake reads from it. */
function docsOf(fixtures: FixtureDoc[]) {
  const extracted = fixtures.map((f) => readableDoc(f.name, f.text));
  const summaries = fixtures.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  const facts = readCaseFacts(extracted, { types: new Map(fixtures.map((f) => [f.name, { type: f.type, confidence: 0.9, signals: ['test'] }])) });
  return { extracted, docs: caseDocuments(extracted, summaries), facts };
}

const check = (fixtures: FixtureDoc[], applicationType: Parameters<typeof checkConsistency>[2]['applicationType'] = 'spousal-sponsorship') => {
  const { docs, facts } = docsOf(fixtures);
  return checkConsistency(docs, bundledSeverityRules(), { applicationType, today: TODAY, facts });
};

const refusalFindings = (fixtures: FixtureDoc[]) => check(fixtures).findings.filter((f) => f.code.startsWith('never-refused'));

/** Every evidence quote is verbatim in the extracted text it names. */
function expectVerbatim(extracted: readonly ExtractedDocument[], evidence: ReadonlyArray<{ docId: string; page?: number; quote: string }>) {
  for (const e of evidence) expect(verifyEvidence(extracted, e)).toBe(true);
}

describe('consistency: "never refused" against a refusal in the file', () => {
  it('a form answering No beside an earlier refusal letter is a critical IRPA 40(1)(a) finding quoting both sides', () => {
    const fixtures = [...consistentSpousalFile(), { name: 'refusal-2022.txt', type: 'refusal-letter' as const, text: REFUSAL_LETTER }];
    const result = check(fixtures);
    const finding = result.findings.find((f) => f.code === 'never-refused-contradicted');
    expect(finding).toMatchObject({ severity: 'critical', provision: 'IRPA 40(1)(a)' });
    expect(finding?.summary).toMatch(/imm5669-schedule-a\.txt answers "No".*refusal-2022\.txt \(2022-04-11\).*before that declaration \(2024-09-15\)/);
    expect(finding?.evidence).toEqual([
      { docId: 'imm5669-schedule-a.txt', page: 1, quote: expect.stringMatching(/^\(d\) been refused refugee status[\s\S]*country or territory\? No$/) },
      { docId: 'refusal-2022.txt', page: 1, quote: 'After a careful review, I am refusing your application.' },
    ]);
    expectVerbatim(docsOf(fixtures).extracted, finding!.evidence);
    expect(result.triggers).toEqual([
      expect.objectContaining({ provision: 'IRPA 40(1)(a)', severity: 'critical', source: 'consistency:never-refused-contradicted' }),
    ]);
  });

  it('works on extracted PDF and DOCX documents: the quotes are verbatim in their text', async () => {
    const { result, extracted } = await runIntake([
      { docId: 'a', name: 'schedule-a.pdf', bytes: await textPdf([SCHEDULE_A]) },
      { docId: 'b', name: 'refusal-letter.docx', bytes: docx(REFUSAL_LETTER.split('\n')) },
    ]);
    expect(result.documents.map((d) => d.type)).toEqual(['imm-5669', 'refusal-letter']);
    const docs = caseDocuments(extracted, result.documents);
    const found = checkConsistency(docs, bundledSeverityRules(), { applicationType: 'spousal-sponsorship', today: TODAY, facts: result.caseFacts });
    const finding = found.findings.find((f) => f.code === 'never-refused-contradicted');
    expect(finding?.severity).toBe('critical');
    expect(finding?.evidence.map((e) => e.docId)).toEqual(['a', 'b']);
    expectVerbatim(extracted, finding!.evidence);
  });

  it('a chat message telling of the refusal, which the model reads undated, is reported with the order unknown', () => {
    const withChat = [...consistentSpousalFile(), { name: 'chat.txt', type: 'communication-records' as const, text: CHAT_EXCERPT }];
    const findings = refusalFindings(withChat);
    expect(findings.map((f) => [f.code, f.evidence[0].docId, f.evidence[1].docId])).toEqual([['never-refused-unordered', 'imm5669-schedule-a.txt', 'chat.txt']]);
    expect(findings[0].evidence[1].quote).toMatch(/They refused my visa\.$/);
  });

  it('French: "Non" to a question about a refusal, against a refusal letter', () => {
    const form = `FORMULAIRE DE DEMANDE (IMM 5257 F)
Nom de famille : DIALLO
Avez-vous déjà fait l'objet d'un refus de visa ou de permis, d'un refus d'entrée ou d'une mesure de renvoi? Non
Signature : [signature électronique] Aminata Diallo
Date: 2025-03-02`;
    const letter = `Immigration, Réfugiés et Citoyenneté Canada\nDate: 2024-01-15\nAMINATA DIALLO\nVotre demande de permis d'études a été refusée.`;
    const findings = refusalFindings([
      { name: 'formulaire.txt', type: 'imm-5257', text: form },
      { name: 'lettre-refus.txt', type: 'refusal-letter', text: letter },
    ]);
    expect(findings).toEqual([expect.objectContaining({ code: 'never-refused-contradicted', severity: 'critical' })]);
  });

  it('no finding when the refusal is the decision on the declared application (dated after it)', () => {
    const later = REFUSAL_LETTER.replace('Date: 2022-04-11', 'Date: 2024-11-30');
    expect(refusalFindings([...consistentSpousalFile(), { name: 'refusal.txt', type: 'refusal-letter', text: later }])).toEqual([]);
  });

  it('an undated refusal is reported as high, saying the order is not known', () => {
    const undated = REFUSAL_LETTER.replace('Date: 2022-04-11\n', '');
    const [finding] = refusalFindings([...consistentSpousalFile(), { name: 'refusal.txt', type: 'refusal-letter', text: undated }]);
    expect(finding).toMatchObject({ code: 'never-refused-unordered', severity: 'high', provision: 'IRPA 40(1)(a)' });
    expect(finding.summary).toMatch(/does not show whether the refusal came first/);
  });

  it('a form that answers Yes, and a consistent file without any refusal, give no finding', () => {
    const disclosed = edit(consistentSpousalFile(), 'imm5669-schedule-a.txt', 'other country or territory? No', 'other country or territory? Yes\n    Details: visitor visa, Manila, 2022-04-11');
    expect(refusalFindings([...disclosed, { name: 'refusal.txt', type: 'refusal-letter', text: REFUSAL_LETTER }])).toEqual([]);
    expect(check(consistentSpousalFile()).findings).toEqual([]);
  });

  it('ignores refusals mentioned hypothetically, negated, or in legal argument', () => {
    const letter = [
      SUBMISSION_LETTER,
      'If the application is refused, the sponsor may appeal.',
      'Ms. Villanueva was not refused entry when she visited Singapore.',
      'In Sandhu v. Canada, 2020 FC 1234, the Court noted that a visa refusal must rest on the evidence.',
    ].join('\n');
    const fixtures = edit(consistentSpousalFile(), 'submission-letter.txt', SUBMISSION_LETTER, letter);
    expect(refusalFindings(fixtures)).toEqual([]);
  });

  it('ignores a refusal letter addressed to someone else', () => {
    const other = REFUSAL_LETTER.replace(/LOURDES ANNE VILLANUEVA/g, 'ROSALIND MAE CASTILLO');
    expect(refusalFindings([...consistentSpousalFile(), { name: 'refusal.txt', type: 'refusal-letter', text: other }])).toEqual([]);
  });

  it('lists the refusal finding first among the file’s issues', () => {
    const withChildren = edit(consistentSpousalFile(), 'submission-letter.txt', 'before 80 guests.', 'before 80 guests. Ms. Villanueva and her two children live in Marikina City.');
    const fixtures = [...withChildren, { name: 'r.txt', type: 'refusal-letter' as const, text: REFUSAL_LETTER }];
    const { docs, facts } = docsOf(fixtures);
    expect(consistencyIssues(docs, { today: TODAY, facts }).map((i) => i.code)).toEqual(['never-refused-contradicted', 'children-count-mismatch']);
  });
});
