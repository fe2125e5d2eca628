import type { JudgeOutput } from '../../../contracts/judgeOutput';
import { bold, inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { stageNotice } from './stageNotice';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';
import { INCOMPLETE_HEADING } from './verificationSection';

export const DECISION_HEADING = 'Final decision';
export const VERDICT_HEADING = 'Verdict';

/** What each outcome of the workflows' decision tables asks of the reader. Never a forecast of the officer's decision. */
const OUTCOME_MEANINGS: Record<string, string> = {
  PROCEED: 'the review found a low risk; the file can go on toward filing after the representative’s own check.',
  REVISE: 'the file needs the fixes listed in this report before it is filed.',
  'HIGH-RISK': 'the review found significant concerns; filing the file as it stands carries a high risk of refusal.',
  GO: 'on the documents seen so far, the case is worth taking on.',
  CAUTION: 'the case can be taken on, but the weaknesses and refusal triggers in this report need work first.',
  'NO-GO': 'the concerns in this report are serious enough that taking the case on as it stands is not advised.',
  APPROVE: 'this review found nothing that should hold the application back from filing.',
  APPEAL: 'seeking leave for judicial review of the refusal in the Federal Court is recommended.',
  REAPPLY: 'a new application that answers the reasons for refusal is recommended over judicial review.',
  ABANDON: 'neither judicial review nor a new application is recommended on this file.',
};

/**
 * Whether the outcome must be shown as provisional: the judge said it is not final, or verification is
 * INCOMPLETE by either the judge's inputs or the verifier's own result. The reporter never shows a more
 * certain outcome than its inputs allow, and never changes the outcome itself.
 */
export function outcomeIsProvisional(m: ReportModel): boolean {
  return m.judge?.final === false || m.judge?.inputs?.verification === 'INCOMPLETE' || m.verifier?.status === 'FAILED';
}

/** The section's heading: "Final decision" for risk-audit's decision, "Verdict" for the judged workflows. */
export function decisionHeading(m: ReportModel): string {
  const kind = m.judge?.kind ?? (m.session.workflowType === 'risk-audit' ? 'decision' : 'verdict');
  return kind === 'decision' ? DECISION_HEADING : VERDICT_HEADING;
}

function inputsTable(inputs: JudgeOutput['inputs']): Markdown {
  return table(
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
  );
}

/**
 * The decision or verdict exactly as the judge stage made it: outcome, decision-table rule, rationale and
 * (in full reports) the inputs it weighed. Provisional, never final, while verification is INCOMPLETE.
 */
export function decisionSection(m: ReportModel): string {
  const heading = decisionHeading(m);
  const parts: string[] = [`## ${heading}`];
  const j = m.judge;
  const noun = heading === DECISION_HEADING ? 'decision' : 'verdict';
  if (!j) {
    parts.push(
      stageNotice('judge', m.stageStatus.judge, noun),
      `This report does not supply one: a ${noun} comes only from the decision table, applied before the report is written.`,
    );
    return parts.join('\n\n');
  }
  const meaning = OUTCOME_MEANINGS[j.outcome];
  const provisional = outcomeIsProvisional(m);
  const label = provisional ? md`**Provisional outcome (not final): ${inline(j.outcome)}**` : md`**Outcome: ${inline(j.outcome)}**`;
  parts.push(meaning ? md`${label} — ${inline(meaning)}` : label);
  if (provisional) {
    const where =
      m.verifier?.status === 'FAILED'
        ? md`the citations listed under ${bold(INCOMPLETE_HEADING)}`
        : md`the citations this audit relies on`;
    parts.push(
      md`Verification is INCOMPLETE, so this ${inline(noun)} is provisional. It becomes final only after a person has reviewed ${where} and confirmed or replaced them.`,
    );
  }
  parts.push(md`**Decision-table rule:** ${inline(j.rule)}`, md`**Rationale:** ${inline(withUnverifiedNote(j.rationale, unverifiedCitations(m.verifier)))}`);
  parts.push(
    `This ${noun} was made before the report was written and is presented here unchanged. ` +
      'It weighs judicial defensibility only; it is not a forecast of what an officer will decide, and officers keep their discretion.',
  );
  if (m.reportDepth !== 'summary' && j.inputs) parts.push('### What the decision table weighed', inputsTable(j.inputs));
  return parts.join('\n\n');
}
