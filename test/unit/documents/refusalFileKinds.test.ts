/**
 * A refusal file keeps the kind of application that was refused: the type a lawyer reads, the refusal
 * rubric (with only the refused kind's own grounds), the refusal checklist (the GCMS notes are asked
 * for whatever was refused) and the forum of that kind (the IAD for a spousal sponsorship refused
 * abroad, IRPA 63(1); Federal Court leave otherwise, IRPA 72(1)). Letters written for these tests, in
 * English and French, through the real intake, strategist core, checklist and legal rules.
 */
import { analyseCase } from '../../../lambdas/law/analyseCase';
import { checkDocuments } from '../../../lambdas/core/checklists/documentChecklist';
import { answersRefusal } from '../../../lambdas/core/caseKind/answersRefusal';
import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { planResearch } from '../../../lambdas/agents/detective/research/researchPlan';
import type { ApplicationType } from '../../../lambdas/contracts/intakeOutput';
import { caseFileOf, intakeOf } from '../strategist/strategistFixtures';

interface RefusalCase {
  kind: ApplicationType;
  language: 'en' | 'fr';
  letter: string;
  forum: 'iad-appeal' | 'federal-court-leave';
}

const CASES: RefusalCase[] = [
  {
    kind: 'study-permit',
    language: 'en',
    forum: 'federal-court-leave',
    letter: `Immigration, Refugees and Citizenship Canada
Date: 2026-10-02
Application number: S300111222
Dear applicant,
Thank you for your application for a study permit. After a careful review, I have refused your application.
I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations.
You have not shown that you have sufficient funds to pay your tuition and to support yourself, as required by section 220 of the Regulations.
Sincerely, Visa Officer`,
  },
  {
    kind: 'study-permit',
    language: 'fr',
    forum: 'federal-court-leave',
    letter: `Immigration, Réfugiés et Citoyenneté Canada
Date : 2026-10-02
Numéro de demande : S300111223
Madame,
Nous avons examiné votre demande de permis d'études. Votre demande de permis d'études a été refusée.
Je ne suis pas convaincu que vous quitterez le Canada à la fin de votre séjour, comme l'exige l'alinéa 216(1)b) du Règlement sur l'immigration et la protection des réfugiés.
Vous n'avez pas démontré disposer de ressources financières suffisantes pour acquitter les frais de scolarité, au sens de l'article 220 du Règlement.
Agent des visas`,
  },
  {
    kind: 'work-permit',
    language: 'en',
    forum: 'federal-court-leave',
    letter: `Immigration, Refugees and Citizenship Canada
Date: 2026-09-14
Dear applicant,
Your application for a work permit has been refused.
I am not satisfied that you will be able to perform the work sought, as required by paragraph 200(3)(a) of the Immigration and Refugee Protection Regulations.
I am not satisfied that you will leave Canada at the end of your authorized stay, as required by paragraph 200(1)(b).
Visa Officer`,
  },
  {
    kind: 'work-permit',
    language: 'fr',
    forum: 'federal-court-leave',
    letter: `Immigration, Réfugiés et Citoyenneté Canada
Date : 2026-09-14
Monsieur,
Votre demande de permis de travail a été refusée.
Je ne suis pas convaincu que vous serez en mesure d'exercer l'emploi recherché, comme l'exige l'alinéa 200(3)a) du Règlement sur l'immigration et la protection des réfugiés.
Agent des visas`,
  },
  {
    kind: 'visitor-visa',
    language: 'en',
    forum: 'federal-court-leave',
    letter: `Immigration, Refugees and Citizenship Canada
Date: 2026-08-20
Dear applicant,
Your application for a temporary resident visa (visitor visa) has been refused.
I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the Immigration and Refugee Protection Regulations, based on your family ties in Canada and in your country of residence and the purpose of your visit.
Visa Officer`,
  },
  {
    kind: 'visitor-visa',
    language: 'fr',
    forum: 'federal-court-leave',
    letter: `Immigration, Réfugiés et Citoyenneté Canada
Date : 2026-08-20
Madame,
Votre demande de visa de résident temporaire (visa de visiteur) a été refusée.
Je ne suis pas convaincu que vous quitterez le Canada à la fin de votre séjour, comme l'exige l'alinéa 179b) du Règlement sur l'immigration et la protection des réfugiés, compte tenu de vos liens familiaux au Canada et dans votre pays de résidence.
Agent des visas`,
  },
  {
    kind: 'spousal-sponsorship',
    language: 'en',
    forum: 'iad-appeal',
    letter: `Immigration, Refugees and Citizenship Canada
Date: 2026-10-15
Dear applicant,
I have completed the assessment of your application for a permanent resident visa as a member of the family class, sponsored by your spouse.
Your application for permanent residence has been refused.
I am not satisfied that your marriage is genuine and was not entered into primarily for the purpose of acquiring status under the Act, as set out in subsection 4(1) of the Immigration and Refugee Protection Regulations.
Your sponsor may appeal this decision to the Immigration Appeal Division within 30 days of receiving this letter.
Visa Officer, Migration Office`,
  },
  {
    kind: 'spousal-sponsorship',
    language: 'fr',
    forum: 'iad-appeal',
    letter: `Immigration, Réfugiés et Citoyenneté Canada
Date : 2026-10-15
Madame,
J'ai terminé l'examen de votre demande de visa de résident permanent au titre du regroupement familial, dans le cadre du parrainage de votre époux.
Votre demande de résidence permanente a été refusée.
Je ne suis pas convaincu que votre mariage est authentique et qu'il ne vise pas principalement l'acquisition d'un statut, au sens du paragraphe 4(1) du Règlement sur l'immigration et la protection des réfugiés.
Votre répondant peut interjeter appel de cette décision auprès de la Section d'appel de l'immigration dans les 30 jours.
Agent des visas, bureau des visas`,
  },
];

const name = (c: RefusalCase) => (c.language === 'fr' ? 'lettre-de-refus.txt' : 'refusal-letter.txt');
const TEMPORARY: readonly ApplicationType[] = ['study-permit', 'work-permit', 'visitor-visa'];

describe.each(CASES)('a $language refusal of a $kind', (c) => {
  const docs = [{ name: name(c), text: c.letter }];

  it('is typed by the refused kind and marked as a refusal file', async () => {
    const { intake } = await intakeOf(docs);
    expect(intake.applicationType).toBe(c.kind);
    expect(intake.refusal).toBeDefined();
  });

  it('uses the refusal checklist, which asks for the GCMS notes, in a document-list audit', async () => {
    const { intake } = await intakeOf(docs);
    const checklist = checkDocuments(intake.applicationType, intake.documents, intake.caseFacts?.application, { answersRefusal: answersRefusal(intake, 'document-list') });
    expect(checklist).toMatchObject({ applicationType: c.kind, refusal: true });
    expect(checklist.missing.map((m) => m.item)).toContain('gcms-notes');
    expect(checklist.present.map((m) => m.item)).toContain('refusal-letter');
  });

  it("is scored on the refusal rubric with only the refused kind's own grounds, weights adding to 100", async () => {
    const out = scoreCaseFile(await caseFileOf(docs));
    expect(out.applicationType).toBe(c.kind);
    expect(out.rubric.id).toBe('refusal-response');
    const ids = out.factors.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['refusal-grounds-record', 'procedural-fairness', 'reasons-reasonableness']));
    // Ties and funds are grounds of a temporary residence refusal (IRPA 20(1)(b)); not of a sponsorship.
    if (TEMPORARY.includes(c.kind)) expect(ids).toContain('refused-application-ties');
    else expect(ids).not.toContain('refused-application-ties');
    expect(out.factors.reduce((sum, f) => sum + f.weight, 0)).toBeCloseTo(100);
  });

  it('opens the forum of the refused kind in a refusal analysis', async () => {
    const { intake } = await intakeOf(docs);
    const analysis = analyseCase({
      facts: intake.caseFacts!,
      applicationType: intake.applicationType,
      workflowType: 'refusal-analysis',
      answersRefusal: true,
      documents: intake.documents.map((d) => d.type),
      asOf: '2026-10-20',
    });
    expect(analysis.review?.forum.route).toBe(c.forum);
  });

  it("researches how refusals are reviewed, and the refused kind's own issues, not a disclosure of the refusal", async () => {
    const { intake } = await intakeOf(docs);
    const ids = planResearch(intake.applicationType, intake.profile, intake.documents, { answersRefusal: true }).map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['standard-of-review', 'procedural-fairness', 'adequacy-of-reasons']));
    expect(ids).not.toContain('prior-refusal-disclosure');
    expect(ids.length).toBeGreaterThan(3);
  });
});
