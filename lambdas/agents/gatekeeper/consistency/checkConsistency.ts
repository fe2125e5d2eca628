/**
 * Cross-document consistency: every check over the file's visible text, each finding rated by the
 * rule table (findings/severityRules.json) and, where the table says so, raising a refusal trigger.
 */
import type { ConsistencyFinding, RefusalTrigger } from '../../../contracts/findings';
import type { ApplicationType } from '../../../contracts/intakeOutput';
import type { CaseFacts } from '../../../contracts/caseFacts';
import { declaredNoContradicted, readingConflicts } from './declaredFacts';
import type { SeverityRules } from '../findings/severityRules';
import { type CaseDocument, evidenceList } from './caseDocuments';
import { type ConsistencyIssue, listNames } from './consistencyIssue';
import { bundledConsistencyRules, type ConsistencyRules } from './consistencyRules';
import { checkHistoryContinuity } from './employmentHistory';
import { checkEmploymentLetters } from './employmentLetters';
import type { DateParts } from '../../../core/text/dates';
import { PeopleIndex } from './people';
import { checkAddresses, checkDatesOfBirth, checkNameSpellings } from './personalFacts';
import { contradictionEvidence, describeRefusalDate, findRefusalContradictions } from './refusalHistory';
import { checkMarriageDates } from './marriageDates';
import { checkFirstMeetings } from './firstMeetings';
import { checkPreviousMarriages } from './previousMarriages';
import { checkChildrenCounts, checkRelationshipStart } from './relationshipFacts';

export interface ConsistencyResult {
  findings: ConsistencyFinding[];
  triggers: RefusalTrigger[];
  /** Fixes, each with the severity of its finding. */
  fixes: Array<{ severity: ConsistencyFinding['severity']; fix: string }>;
}

export interface ConsistencyOptions {
  applicationType: ApplicationType;
  /** "Today", for history entries that run to the present. */
  today: DateParts;
  rules?: ConsistencyRules;
  /** The case-fact model Intake read (absent in audits stored before it existed). */
  facts?: CaseFacts;
}

const nameOf = (docs: readonly CaseDocument[], docId: string) => docs.find((d) => d.docId === docId)?.name ?? docId;

/** "Never refused" findings, from the case-fact model: one per declaring document. */
function refusalIssues(facts: CaseFacts, docs: readonly CaseDocument[], people: PeopleIndex): ConsistencyIssue[] {
  return findRefusalContradictions(facts, (docId) => people.inDocument(docId).map((a) => a.tokens)).map((c) => {
    const { declaration, refusals, order } = c;
    const declaredIn = nameOf(docs, declaration.evidence.docId);
    const refusalDocs = refusals.map((r) => nameOf(docs, r.evidence.docId));
    const onForm = declaration.madeIn?.startsWith('IMM') || facts.documents.some((d) => d.docId === declaration.evidence.docId && d.type.startsWith('imm-'));
    const what = onForm ? 'answers "No" to a question about previous refusals' : 'states that there was no previous refusal';
    const refusalNames = refusals.map((r, i) => `${refusalDocs[i]} (${describeRefusalDate(r)})`).join(' and ');
    const verb = refusals.length === 1 ? 'records' : 'record';
    const when = declaration.signed ? ` (${declaration.signed.iso})` : '';
    const summary =
      order === 'before'
        ? `${declaredIn} ${what}, but ${refusalNames} ${verb} a refusal made before that declaration${when}: an undisclosed refusal is a misrepresentation risk.`
        : `${declaredIn} ${what}, while ${refusalNames} ${verb} a refusal; the file does not show whether the refusal came first.`;
    return {
      code: order === 'before' ? 'never-refused-contradicted' : 'never-refused-unordered',
      summary,
      evidence: contradictionEvidence(c),
      documents: [declaredIn, ...new Set(refusalDocs)],
    };
  });
}

/** Every consistency check, in the order a reader expects them (refusal history first). */
export function consistencyIssues(docs: readonly CaseDocument[], options: Omit<ConsistencyOptions, 'applicationType'>): ConsistencyIssue[] {
  const rules = options.rules ?? bundledConsistencyRules();
  const people = new PeopleIndex(docs, rules.names);
  return [
    ...(options.facts ? refusalIssues(options.facts, docs, people) : []),
    ...(options.facts ? declaredNoContradicted(options.facts, docs) : []),
    ...(options.facts ? checkPreviousMarriages(options.facts, docs, people, rules) : []),
    ...checkDatesOfBirth(docs, people, rules),
    ...checkNameSpellings(docs, people, rules),
    ...(options.facts ? checkMarriageDates(options.facts, docs, rules, options.today) : []),
    ...checkRelationshipStart(docs, rules),
    ...(options.facts ? checkFirstMeetings(options.facts, docs, rules, options.today) : []),
    ...checkChildrenCounts(docs, rules),
    ...(options.facts ? checkEmploymentLetters(options.facts, docs, people, rules.employment) : []),
    ...checkHistoryContinuity(docs, rules.employment, options.today),
    ...checkAddresses(docs, people, rules),
    ...(options.facts ? readingConflicts(options.facts, docs) : []),
  ].filter((issue) => issue.evidence.length > 0);
}

/** One trigger for all the issues of one code: the first issue's summary, naming how many more documents agree with it. */
function triggerFor(code: string, issues: readonly ConsistencyIssue[], provision: string, severity: RefusalTrigger['severity']): RefusalTrigger {
  const others = [...new Set(issues.slice(1).flatMap((i) => i.documents.slice(0, 1)))].filter((d) => !issues[0].documents.includes(d));
  const more = others.length ? ` The same contradiction is in ${listNames(others)}.` : '';
  return {
    provision,
    severity,
    summary: `${issues[0].summary}${more}`,
    evidence: evidenceList(issues.flatMap((i) => i.evidence)),
    source: `consistency:${code}`,
  };
}

/** Rates the issues with the rule table: findings, the triggers they raise, and their fixes. */
export function checkConsistency(docs: readonly CaseDocument[], severity: SeverityRules, options: ConsistencyOptions): ConsistencyResult {
  const result: ConsistencyResult = { findings: [], triggers: [], fixes: [] };
  const triggering = new Map<string, { provision: string; severity: RefusalTrigger['severity']; issues: ConsistencyIssue[] }>();
  for (const issue of consistencyIssues(docs, options)) {
    const row = severity.consistency[issue.code];
    if (!row) continue;
    const trigger = row.trigger && (!row.trigger.applicationTypes || row.trigger.applicationTypes.includes(options.applicationType)) ? row.trigger : undefined;
    result.findings.push({
      code: issue.code,
      severity: row.severity,
      summary: issue.summary,
      evidence: issue.evidence,
      ...(trigger ? { provision: trigger.provision } : {}),
    });
    result.fixes.push({ severity: row.severity, fix: row.fix });
    if (trigger) {
      const group = triggering.get(issue.code) ?? { provision: trigger.provision, severity: trigger.severity, issues: [] };
      group.issues.push(issue);
      triggering.set(issue.code, group);
    }
  }
  for (const [code, group] of triggering) result.triggers.push(triggerFor(code, group.issues, group.provision, group.severity));
  return result;
}
