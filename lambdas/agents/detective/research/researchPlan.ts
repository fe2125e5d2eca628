import type { ApplicantProfile, ApplicationType, DocumentSummary } from '../../../contracts/intakeOutput';
import type { ResearchIssue } from '../../../contracts/detectiveOutput';

type IssueTemplate = Omit<ResearchIssue, 'reason'>;

/** The issues the detective knows how to research. Queries are written for the bundled index's vocabulary. */
export const ISSUES = {
  misrepresentation: {
    id: 'misrepresentation-undisclosed-refusal',
    description: 'a prior refusal appears undisclosed: misrepresentation risk (IRPA 40(1)(a))',
    query: 'misrepresentation undisclosed prior refusal withholding material facts',
    topics: ['misrepresentation'],
  },
  refusalDisclosure: {
    id: 'prior-refusal-disclosure',
    description: 'a prior refusal must be disclosed truthfully in this application (duty of candour, IRPA 16(1))',
    query: 'duty to answer truthfully disclose prior refusal misrepresentation',
    topics: ['misrepresentation', 'credibility'],
  },
  studyIntentToLeave: {
    id: 'study-intent-to-leave',
    description: 'whether the applicant will leave Canada at the end of the authorized stay (IRPR 216(1)(b))',
    query: 'study permit applicant will leave Canada end of authorized stay home ties study plan',
    topics: ['study-permit', 'dual-intent'],
  },
  studyFinancialCapacity: {
    id: 'financial-capacity',
    description: 'sufficient funds for tuition, living costs and return transportation (IRPR 220)',
    query: 'sufficient funds financial capacity tuition living expenses',
    topics: ['financial-capacity'],
  },
  financialCapacity: {
    id: 'financial-capacity',
    description: 'sufficient funds for the stay in Canada',
    query: 'sufficient funds financial capacity support stay',
    topics: ['financial-capacity'],
  },
  dualIntent: {
    id: 'dual-intent',
    description: 'dual intent: a wish to settle permanently later does not by itself bar temporary residence (IRPA 22(2))',
    query: 'dual intent permanent residence temporary resident',
    topics: ['dual-intent'],
  },
  spousalGenuineness: {
    id: 'spousal-genuineness',
    description: 'genuineness of the relationship and whether its primary purpose was immigration (IRPR 4(1))',
    query: 'genuine marriage relationship bad faith primary purpose',
    topics: ['spousal-bona-fides'],
  },
  visitorIntentToLeave: {
    id: 'visitor-intent-to-leave',
    description: 'whether the visitor will leave Canada by the end of the authorized stay (IRPR 179(b))',
    query: 'visitor will leave Canada end of authorized stay home ties',
    topics: ['visitor-visa', 'dual-intent'],
  },
  workAbilityToPerform: {
    id: 'work-ability-to-perform',
    description: 'whether the applicant is able to perform the work sought (IRPR 200(3)(a))',
    query: 'ability to perform the work language requirements qualifications work permit',
    topics: ['work-permit'],
  },
  workIntentToLeave: {
    id: 'work-intent-to-leave',
    description: 'whether the worker will leave Canada at the end of the authorized period (IRPR 200(1))',
    query: 'work permit applicant will leave Canada end of authorized period',
    topics: ['work-permit', 'dual-intent'],
  },
  standardOfReview: {
    id: 'standard-of-review',
    description: 'the standard of review a court applies to the refusal (reasonableness)',
    query: 'standard of review presumption of reasonableness administrative decision',
    topics: ['standard-of-review'],
  },
  proceduralFairness: {
    id: 'procedural-fairness',
    description: 'procedural fairness: notice of the concerns and a chance to respond',
    query: 'procedural fairness content of the duty varies with context chance to respond to concerns',
    topics: ['procedural-fairness'],
  },
  adequacyOfReasons: {
    id: 'adequacy-of-reasons',
    description: 'adequacy of the reasons given for the refusal',
    query: 'adequacy of reasons internally coherent reasoning justified decision reasons given',
    topics: ['standard-of-review', 'procedural-fairness'],
  },
} as const satisfies Record<string, IssueTemplate>;

type PlannedIssue = { template: IssueTemplate; reason: string };

const TYPE_ISSUES: Record<ApplicationType, PlannedIssue[]> = {
  'study-permit': [
    { template: ISSUES.studyIntentToLeave, reason: 'study permits require it (IRPR 216(1)(b))' },
    { template: ISSUES.studyFinancialCapacity, reason: 'study permits require proof of sufficient funds (IRPR 220)' },
    { template: ISSUES.dualIntent, reason: 'study permit refusals often turn on intent to settle' },
  ],
  'spousal-sponsorship': [{ template: ISSUES.spousalGenuineness, reason: 'spousal sponsorships are assessed for bad faith (IRPR 4(1))' }],
  'visitor-visa': [{ template: ISSUES.visitorIntentToLeave, reason: 'visitor visas require it (IRPR 179(b))' }],
  'work-permit': [
    { template: ISSUES.workAbilityToPerform, reason: 'work permits are refused where the applicant cannot do the work (IRPR 200(3)(a))' },
    { template: ISSUES.workIntentToLeave, reason: 'work permits require it (IRPR 200(1))' },
  ],
  // The index holds no decisions on the economic classes yet; the rules in lambdas/law/expressEntry/ assess eligibility.
  'permanent-residence': [],
  'refusal-response': [
    { template: ISSUES.standardOfReview, reason: 'a response to a refusal is framed by how a court would review it' },
    { template: ISSUES.proceduralFairness, reason: 'a response to a refusal examines how the decision was made' },
    { template: ISSUES.adequacyOfReasons, reason: 'a response to a refusal examines the reasons given' },
  ],
  unknown: [],
};

/** The application a refusal response is about, from the forms in the file (the form weighs most). */
const FORM_APPLICATION: ReadonlyArray<[DocumentSummary['type'], ApplicationType]> = [
  ['imm-1344', 'spousal-sponsorship'],
  ['imm-5532', 'spousal-sponsorship'],
  ['imm-1294', 'study-permit'],
  ['imm-1295', 'work-permit'],
  ['imm-5257', 'visitor-visa'],
];

export function refusedApplicationType(documents: DocumentSummary[]): ApplicationType | undefined {
  return FORM_APPLICATION.find(([form]) => documents.some((d) => d.type === form))?.[1];
}

/** The refused kind of a refusal file: its type, or (old audits typed 'refusal-response', an unknown type) the form in the file. */
export function refusedKind(applicationType: ApplicationType, documents: DocumentSummary[]): ApplicationType | undefined {
  if (applicationType !== 'refusal-response' && applicationType !== 'unknown') return applicationType;
  return refusedApplicationType(documents);
}

/** A declaration that the applicant was never refused: "never been refused …" or a form's "No" to a refusal question. */
const NEVER_REFUSED = [/\b(?:never|not ever)\b[^.]*\b(?:refus\w*|denied|rejected)\b/i, /^answered no:[^\n]*\brefus/i];
const FUNDS_DOCUMENTS: ReadonlyArray<DocumentSummary['type']> = ['bank-statement', 'proof-of-funds'];

function refusalOnFile(profile: ApplicantProfile, documents: DocumentSummary[]): string | undefined {
  if (documents.some((d) => d.type === 'refusal-letter')) return 'a refusal letter is in the file';
  if (documents.some((d) => d.type === 'gcms-notes') && profile.priorRefusals.length > 0) return 'GCMS notes of a refusal are in the file';
  if (profile.priorRefusals.length > 0) return 'a prior refusal is recorded in the file';
  return undefined;
}

const declaresNeverRefused = (profile: ApplicantProfile) =>
  profile.declarations.some((d) => NEVER_REFUSED.some((pattern) => pattern.test(d.value.trim())));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function fundsReason(profile: ApplicantProfile, documents: DocumentSummary[]): string {
  if (profile.funds.length > 0) return `${plural(profile.funds.length, 'fund amount')} stated in the file`;
  if (documents.some((d) => FUNDS_DOCUMENTS.includes(d.type))) return 'a funds document is in the file but no amount was extracted';
  return 'no proof of funds was found in the file';
}

/**
 * The issues the detective researches, deterministically: first a misrepresentation risk when the
 * file both shows a refusal and declares none, then (for a file that answers a refusal) how a refusal
 * is reviewed, then the issues of the application type (for a refusal, the refused kind's grounds),
 * then issues raised by profile facts. Reasons name kinds of documents and facts, never people or
 * their words. `answersRefusal`: the workflow or intake says the file answers a refusal; an old audit
 * typed 'refusal-response' does too.
 */
export function planResearch(applicationType: ApplicationType, profile: ApplicantProfile, documents: DocumentSummary[], options: { answersRefusal?: boolean } = {}): ResearchIssue[] {
  const planned: PlannedIssue[] = [];
  const refusal = refusalOnFile(profile, documents);
  const misrepresentationRisk = refusal !== undefined && declaresNeverRefused(profile);
  if (misrepresentationRisk) {
    planned.push({ template: ISSUES.misrepresentation, reason: `${refusal} and a declaration in the file states there was no prior refusal` });
  }
  const answers = options.answersRefusal === true || applicationType === 'refusal-response';
  if (answers) {
    for (const issue of TYPE_ISSUES['refusal-response']) planned.push({ template: issue.template, reason: `refusal file: ${issue.reason}` });
    const refused = refusedKind(applicationType, documents);
    for (const issue of refused ? TYPE_ISSUES[refused] : []) {
      if (planned.some((p) => p.template.id === issue.template.id)) continue;
      planned.push({ template: issue.template, reason: `the refused application was a ${refused}: ${issue.reason}` });
    }
  } else {
    for (const issue of TYPE_ISSUES[applicationType]) {
      const reason = issue.template.id === 'financial-capacity' ? `${issue.reason}; ${fundsReason(profile, documents)}` : issue.reason;
      planned.push({ template: issue.template, reason: `application type ${applicationType}: ${reason}` });
    }
  }
  // The refusal a file answers is the decision under review, not history the application must disclose.
  if (refusal && !misrepresentationRisk && !answers) {
    planned.push({ template: ISSUES.refusalDisclosure, reason: `${refusal}; the application must disclose it` });
  }
  const hasFundsIssue = planned.some((p) => p.template.id === 'financial-capacity');
  if (profile.funds.length > 0 && !hasFundsIssue && applicationType !== 'spousal-sponsorship') {
    planned.push({ template: ISSUES.financialCapacity, reason: `${plural(profile.funds.length, 'fund amount')} stated in the file` });
  }
  return planned.map(({ template, reason }) => ({ ...template, topics: [...template.topics], reason }));
}
