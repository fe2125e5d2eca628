import type { JudgeOutput } from '../../../contracts/judgeOutput';
import { bold, inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { stageNotice } from './stageNotice';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';
import { INCOMPLETE_HEADING } from './verificationSection';

export const DECISION_HEADING = 'Final decision';
export const VERDICT_HEADING = 'Verdict';
/** The reasoning section that gives the judge's rationale. */
export const REASONS_HEADING = 'Why this outcome';

/**
 * What each outcome of the workflows' decision tables asks of the reader. Never a forecast of the
 * officer's decision: each says what the file needs, not what will happen to it.
 */
const OUTCOME_MEANINGS: Record<string, string> = {
  PROCEED: 'the review found no issue that should hold the file back; it can go on toward filing after the representative’s own check.',
  REVISE: 'the file needs the fixes below before it is filed.',
  'HIGH-RISK': 'the review found serious defects; the file should not be filed until they are resolved.',
  GO: 'on the documents seen so far, the case is worth taking on.',
  CAUTION: 'the case can be taken on, but the issues below need work first.',
  'NO-GO': 'the concerns below are serious enough that taking the case on as it stands is not advised.',
  APPROVE: 'this review found nothing that should hold the application back from filing.',
  APPEAL: 'challenging the refusal is recommended.',
  REAPPLY: 'a new application that answers the reasons for refusal is recommended over a challenge to the refusal.',
  ABANDON: 'neither a challenge to the refusal nor a new application is recommended on this file.',
};

/** APPEAL names its forum when the legal analysis found one. */
const APPEAL_MEANINGS: Record<string, string> = {
  'iad-appeal': 'an appeal to the Immigration Appeal Division is recommended.',
  'federal-court-leave': 'seeking leave for judicial review of the refusal in the Federal Court is recommended.',
};

/** The outcome's meaning in one sentence (raw text), or undefined for an outcome no table defines. */
export function outcomeMeaning(m: ReportModel): string | undefined {
  const outcome = m.judge?.outcome;
  if (!outcome) return undefined;
  const route = m.gatekeeper?.legal?.review?.forum.route;
  return (outcome === 'APPEAL' && route ? APPEAL_MEANINGS[route] : undefined) ?? OUTCOME_MEANINGS[outcome];
}

/**
 * Whether the outcome must be shown as provisional: the judge said it is not final, or verification is
 * INCOMPLETE by either the judge's inputs or the verifier's own result. The reporter never shows a more
 * certain outcome than its inputs allow, and never changes the outcome itself.
 */
export function outcomeIsProvisional(m: ReportModel): boolean {
  return m.judge?.final === false || m.judge?.inputs?.verification === 'INCOMPLETE' || m.verifier?.status === 'FAILED';
}

/** "Final decision" for risk-audit's decision, "Verdict" for the judged workflows. */
export function decisionHeading(m: ReportModel): string {
  const kind = m.judge?.kind ?? (m.session.workflowType === 'risk-audit' ? 'decision' : 'verdict');
  return kind === 'decision' ? DECISION_HEADING : VERDICT_HEADING;
}

const noun = (m: ReportModel): string => (decisionHeading(m) === DECISION_HEADING ? 'decision' : 'verdict');

/** Page one's first line: the outcome and what it means; provisional when verification is incomplete. */
export function outcomeLine(m: ReportModel): Markdown {
  const j = m.judge;
  if (!j) return md`${bold(`No ${noun(m)}`)} — ${stageNotice('judge', m.stageStatus.judge, noun(m))}`;
  const label = outcomeIsProvisional(m) ? md`**Provisional outcome (not final): ${inline(j.outcome)}**` : md`**Outcome: ${inline(j.outcome)}**`;
  const meaning = outcomeMeaning(m);
  return meaning ? md`${label} — ${inline(meaning)}` : label;
}

/**
 * The reasons for the outcome, once: the judge's reasons in legal words (its findings), what makes it
 * provisional, and what the outcome is not (a forecast). The decision-table row and the inputs it
 * weighed are machinery: they are in the appendix. `lead` prefixes the reasons (the memo's "Why:").
 */
export function decisionReasons(m: ReportModel, ledger: ReportLedger, lead = '', options: { provisionalSaid?: boolean } = {}): string[] {
  const j = m.judge;
  if (!j) return [`This report does not supply a ${noun(m)}: one comes only from the decision table, applied before the report is written.`];
  const parts: string[] = [];
  // The judge's reasons without the inputs (the appendix lists them) or its own provisional sentence
  // (said once here, with where to look); older audits carry only the whole rationale.
  const reasons = withUnverifiedNote(j.reasons ?? j.rationale, unverifiedCitations(m.verifier));
  ledger.note(reasons);
  parts.push(`${lead}${inline(reasons)}`);
  if (outcomeIsProvisional(m) && j.reasons && !options.provisionalSaid) {
    const where = m.verifier?.status === 'FAILED' ? md`the citations under ${bold(INCOMPLETE_HEADING)}` : md`the citations this audit relies on`;
    parts.push(md`Verification is incomplete: the ${inline(noun(m))} is provisional until a person has reviewed ${where}.`);
  }
  // What the outcome is not closes the reasons' last paragraph, where the reader meets the outcome's grounds.
  parts[parts.length - 1] += ` _The ${noun(m)} weighs judicial defensibility only; it is not a forecast of what an officer will decide._`;
  return parts;
}

/** The reasoning's first section: why this outcome. */
export function decisionReasonsSection(m: ReportModel, ledger: ReportLedger): string {
  return [`## ${REASONS_HEADING}`, ...decisionReasons(m, ledger)].join('\n\n');
}

/** Appendix: the decision-table row that matched and the inputs it weighed. */
export function decisionTableAppendix(j: JudgeOutput): Markdown[] {
  // Judge outputs stored before the inputs were recorded carry only the rule.
  const inputs = j.inputs as JudgeOutput['inputs'] | undefined;
  if (!inputs) return [md`**Decision-table rule:** ${inline(j.rule)}`];
  return [
    md`**Decision-table rule:** ${inline(j.rule)}`,
    table(
      ['Input', 'Value'],
      [
        ['Defensibility Score', inputs.defensibilityScore === null ? 'not available' : `${inputs.defensibilityScore}/100`],
        ['Confidence', inputs.confidence ?? 'not available'],
        ['Critical refusal triggers', inputs.criticalTriggers],
        ['High refusal triggers', inputs.highTriggers],
        ['Blocking compliance issues', inputs.blockingComplianceIssues],
        ['Gatekeeper review', inputs.gatekeeperReviewed === false ? 'missing or incomplete: no go-ahead possible' : 'complete'],
        ['Verification', inputs.verification],
      ],
    ),
  ];
}
