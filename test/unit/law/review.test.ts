import { analyseCase } from '../../../lambdas/law/analyseCase';
import { LegalAnalysis } from '../../../lambdas/contracts/legalAnalysis';
import { caseOf, event, officer, type CaseSpec } from './caseBuilder';

const review = (spec: CaseSpec) => LegalAnalysis.parse(analyseCase(caseOf({ isRefusal: true, ...spec }))).review;

describe('the forum for a refusal', () => {
  it('sends a family-class spousal refusal to the Immigration Appeal Division first (IRPA 63(1)), linked to the 30-day appeal', () => {
    expect(review({ kind: 'spousal-sponsorship', subKinds: ['outland'] })?.forum).toMatchObject({ route: 'iad-appeal', provision: 'IRPA 63(1)', deadline: 'iad-sponsorship-appeal' });
  });

  it('keeps the IAD appeal for a spouse refused for misrepresentation (IRPA 64(3))', () => {
    expect(review({ kind: 'spousal-sponsorship', officerFindings: [officer('ground', 'IRPA 40(1)(a)')] })?.forum.route).toBe('iad-appeal');
  });

  it('closes the IAD appeal for a conjugal partner refused for misrepresentation (IRPA 64(3))', () => {
    expect(review({ kind: 'conjugal-sponsorship', officerFindings: [officer('ground', 'misrepresentation')] })?.forum).toMatchObject({ route: 'federal-court-leave', deadline: 'jr-leave' });
  });

  it('closes the IAD appeal where the refusal rests on serious criminality (IRPA 64(1))', () => {
    expect(review({ kind: 'spousal-sponsorship', officerFindings: [officer('ground', 'IRPA 36(1)(a) serious criminality')] })?.forum.route).toBe('federal-court-leave');
  });

  it('sends an inland spousal refusal to the Federal Court with 15 days, there being no IAD appeal', () => {
    const a = LegalAnalysis.parse(analyseCase(caseOf({ isRefusal: true, kind: 'spousal-sponsorship', subKinds: ['inland'], location: 'inside-canada', timeline: [event('notification', 'applicant', '2026-11-20')] })));
    expect(a.review?.forum).toMatchObject({ route: 'federal-court-leave', deadline: 'jr-leave' });
    expect(a.deadlines.find((d) => d.id === 'jr-leave')).toMatchObject({ due: '2026-12-05' });
  });

  it('sends a study permit refused abroad to the Federal Court with 60 days', () => {
    expect(review({ kind: 'study-permit', location: 'outside-canada' })?.forum.reason).toMatch(/60 days/);
  });

  it.each(['risk-audit', 'initial-assessment', 'final-review'])(
    'treats an earlier refusal in a new spousal application (%s) as history: no forum, no appeal deadline',
    (workflowType) => {
      const a = LegalAnalysis.parse(
        analyseCase(caseOf({ isRefusal: true, workflowType, kind: 'spousal-sponsorship', subKinds: ['outland'], timeline: [event('refusal', 'applicant', '2023-06-14')] })),
      );
      expect(a.review).toBeUndefined();
      expect(a.deadlines.map((d) => d.id)).not.toContain('iad-sponsorship-appeal');
    },
  );

  it('still opens the forum when a new-application workflow is run on a file recognised as a response to a refusal', () => {
    const input = caseOf({ isRefusal: true, workflowType: 'final-review', kind: 'study-permit', location: 'outside-canada' });
    expect(LegalAnalysis.parse(analyseCase({ ...input, applicationType: 'refusal-response' })).review?.forum.route).toBe('federal-court-leave');
  });

  it('opens the forum of the refused kind when intake marked the file as answering a refusal in a new-application workflow', () => {
    const study = caseOf({ isRefusal: true, workflowType: 'final-review', kind: 'study-permit', location: 'outside-canada' });
    expect(LegalAnalysis.parse(analyseCase({ ...study, applicationType: 'study-permit', answersRefusal: true })).review?.forum.route).toBe('federal-court-leave');
    const spousal = caseOf({ isRefusal: true, workflowType: 'final-review', kind: 'spousal-sponsorship', subKinds: ['outland'] });
    expect(LegalAnalysis.parse(analyseCase({ ...spousal, applicationType: 'spousal-sponsorship', answersRefusal: true })).review?.forum.route).toBe('iad-appeal');
  });

  it('gives no forum for a file that is not a refusal', () => {
    expect(LegalAnalysis.parse(analyseCase(caseOf({ kind: 'study-permit' }))).review).toBeUndefined();
  });
});

describe('grounds of review', () => {
  it('finds overlooked evidence when the officer says the funds evidence is absent while the record holds a bank statement', () => {
    const grounds = review({
      kind: 'study-permit',
      officerFindings: [officer('document-absent', 'funds'), officer('ground', 'funds')],
      documents: [{ docId: 'bank', type: 'bank-statement' }],
    })!.grounds;
    expect(grounds.find((g) => g.kind === 'overlooked-evidence')).toMatchObject({ strength: 'strong' });
    expect(grounds.find((g) => g.kind === 'overlooked-evidence')?.reasoning).toMatch(/bank-statement/);
  });

  it('finds no overlooked evidence when the record really lacks the document', () => {
    const grounds = review({ kind: 'study-permit', officerFindings: [officer('document-absent', 'funds')], documents: [{ docId: 'l', type: 'letter-of-acceptance' }] })!.grounds;
    expect(grounds.filter((g) => g.kind === 'overlooked-evidence')).toEqual([]);
  });

  it('finds a strong fairness ground when a misrepresentation refusal rests on extrinsic evidence and the record says no letter was sent', () => {
    const grounds = review({ kind: 'visitor-visa', officerFindings: [officer('ground', 'IRPA 40(1)(a)'), officer('extrinsic-evidence', 'employment'), officer('fairness-letter-not-sent', 'procedural fairness')] })!.grounds;
    expect(grounds.find((g) => g.kind === 'no-fairness-letter')).toMatchObject({ strength: 'strong' });
  });

  it('makes the fairness ground arguable, with a check, when the file simply holds no letter', () => {
    const g = review({ kind: 'spousal-sponsorship', officerFindings: [officer('ground', 'genuineness')] })!.grounds.find((x) => x.kind === 'no-fairness-letter');
    expect(g).toMatchObject({ strength: 'arguable' });
    expect(g?.check).toMatch(/procedural-fairness letter/);
  });

  it('finds no fairness ground when a letter was sent', () => {
    const grounds = review({ kind: 'visitor-visa', officerFindings: [officer('ground', 'IRPA 40(1)(a)'), officer('fairness-letter-sent', 'procedural fairness')] })!.grounds;
    expect(grounds.filter((g) => g.kind === 'no-fairness-letter')).toEqual([]);
  });

  it('finds reasons that do not engage when a ground names a topic whose central evidence no finding mentions', () => {
    const grounds = review({ kind: 'visitor-visa', officerFindings: [officer('ground', 'ties')], documents: [{ docId: 'e', type: 'employment-letter' }] })!.grounds;
    expect(grounds.find((g) => g.kind === 'reasons-do-not-engage')).toMatchObject({ strength: 'arguable' });
  });

  it('finds no such ground when the officer\'s notes state the ground the letter lists: the notes are the reasons that engage with it', () => {
    const listed = officer('ground', 'funds');
    const reasoned = { ...officer('ground', 'funds'), evidence: { ...listed.evidence, docId: 'gcms' } };
    const documents = [{ docId: 'b', type: 'bank-statement' as const }];
    expect(review({ kind: 'visitor-visa', officerFindings: [listed, reasoned], documents })!.grounds.filter((g) => g.kind === 'reasons-do-not-engage')).toEqual([]);
    // The letter alone still leaves the bank statement unanswered.
    expect(review({ kind: 'visitor-visa', officerFindings: [listed], documents })!.grounds.filter((g) => g.kind === 'reasons-do-not-engage')).toHaveLength(1);
  });
});
