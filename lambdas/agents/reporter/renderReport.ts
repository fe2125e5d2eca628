import type { WorkflowType } from '../../../workflows/schema';
import { disclaimerFor } from './disclaimer';
import { evidenceAppendix } from './sections/caseSummary';
import { checklistSection } from './sections/checklistSection';
import { conflictsSection } from './sections/conflictsSection';
import { clientGuidanceSection, guidanceLanguage } from './sections/clientGuidance';
import { analysisEvidenceAppendix } from './sections/analysisAppendix';
import { decisionReasonsSection } from './sections/decisionSection';
import { evidencePlanSection } from './sections/evidencePlanSection';
import { legalFindingsSection } from './sections/legalFindings';
import { machineryAppendix } from './sections/machineryAppendix';
import { checklistMemo, judgedMemo } from './sections/memo';
import { reviewSection } from './sections/reviewSection';
import { defensibilityScoreSection } from './sections/scoreSection';
import { INCOMPLETE_HEADING, incompleteSection, verificationBody, verificationSection } from './sections/verificationSection';
import { bold, inline } from './markdown';
import { describeModelChoice } from '../../core/model/modelChoice';
import { degradedLine } from '../../core/model/modelFallback';
import type { ReportModel } from './reportModel';
import { ReportLedger } from './reportLedger';
import { markUnverifiedCitations, noteContext } from './unverifiedNotes';

/** Workflows that score the file and end in a decision or verdict: their reports follow DESIGN §4 in full. */
import { JUDGED_WORKFLOWS } from './judgedWorkflows';

export { JUDGED_WORKFLOWS };

function header(m: ReportModel): string {
  const degraded = degradedLine(m.session.modelFallbacks);
  return [
    `# Case Audit — ${m.workflowTitle}`,
    `Case ${bold(m.session.caseId)} · audit ${inline(m.session.auditId)} · tier ${m.session.tier} · ` +
      `analysis mode: ${inline(describeModelChoice(m.session.model))} · generated ${m.generatedAt}`,
    ...(degraded ? [bold(degraded)] : []),
  ].join('\n\n');
}

/** The model's overview of the findings, marked as such (presentation only: the sections below govern). */
function overviewSection(overview: string): string {
  return ['## Overview', inline(overview), '_Written by a language model from the findings below; where they differ, the findings govern._'].join('\n\n');
}

/**
 * A judged report: page one is the memo (outcome, deadlines, top issues, next step); then the
 * reasoning, each part once (why this outcome, the score with its whole rubric, the legal findings,
 * verification, the evidence plan, the file); AUDIT INCOMPLETE when citations failed. One ledger runs
 * through them in reading order, so no finding is stated twice.
 */
function judgedSections(m: ReportModel, incomplete: boolean, ledger: ReportLedger): string[] {
  // A summary (guest) gives the reasons on page one; the full report gives them their own section.
  const summary = m.reportDepth === 'summary';
  const sections = [judgedMemo(m, ledger, { withReasons: summary })];
  if (m.overview) sections.push(overviewSection(m.overview));
  if (!summary) sections.push(decisionReasonsSection(m, ledger));
  sections.push(defensibilityScoreSection(m, ledger), legalFindingsSection(m, ledger));
  // An incomplete summary states its verification once, in the AUDIT INCOMPLETE section.
  if (incomplete && summary) sections.push(incompleteSection(m.verifier!, verificationBody(m, m.verifier!)));
  else {
    sections.push(verificationSection(m));
    if (incomplete) sections.push(incompleteSection(m.verifier!));
  }
  // The evidence plan is part of the full report's depth; a summary keeps to the findings.
  const plan = m.reportDepth === 'summary' ? undefined : evidencePlanSection(m, ledger);
  if (plan) sections.push(plan);
  const conflicts = conflictsSection(m, ledger);
  if (conflicts) sections.push(conflicts);
  return sections;
}

/** A document list: the memo, then the checklist itself, the conflicts, and verification when it ran. */
function checklistSections(m: ReportModel, incomplete: boolean, ledger: ReportLedger): string[] {
  const sections = [checklistMemo(m, ledger)];
  if (m.overview) sections.push(overviewSection(m.overview));
  if (m.gatekeeper) sections.push(checklistSection(m.gatekeeper.checklist));
  const conflicts = conflictsSection(m);
  if (conflicts) sections.push(conflicts);
  if (m.detective || m.verifier) sections.push(verificationSection(m));
  if (incomplete) sections.push(incompleteSection(m.verifier!));
  return sections;
}

/** Client guidance: the client's page in the client's language, then what the representative checks. */
function guidanceSections(m: ReportModel, incomplete: boolean): string[] {
  const sections = [clientGuidanceSection(m)];
  const conflicts = conflictsSection(m);
  if (conflicts) sections.push(conflicts);
  if (m.detective || m.verifier) sections.push(verificationSection(m));
  if (incomplete) sections.push(incompleteSection(m.verifier!));
  return sections;
}

function bodySections(m: ReportModel, judged: boolean, incomplete: boolean, ledger: ReportLedger): string[] {
  if (judged) return judgedSections(m, incomplete, ledger);
  if (m.session.workflowType === 'client-guidance') return guidanceSections(m, incomplete);
  return checklistSections(m, incomplete, ledger);
}

/**
 * Renders report.md: the disclaimer first (DESIGN §4), the title, page one's memo, the reasoning, then
 * the appendix for the machinery (and, at the evidence-appendix tier, every quote). Presentation only:
 * nothing is scored or decided here. Every section written from the stages' outputs names an
 * unconfirmed citation only with a "(Not verified: …)" note (unverifiedNotes.ts). Two are left as they
 * are: the AUDIT INCOMPLETE section, which lists the failed citations as such, and the model's overview,
 * which the reporter's gate checks as written.
 */
export function renderReport(m: ReportModel): string {
  const incomplete = m.verifier?.status === 'FAILED';
  const judged = JUDGED_WORKFLOWS.has(m.session.workflowType);
  const notes = noteContext(m);
  const marked = (section: string) => (section.startsWith(`## ${INCOMPLETE_HEADING}`) || section.startsWith('## Overview') ? section : markUnverifiedCitations(section, notes));
  const language = m.session.workflowType === 'client-guidance' ? guidanceLanguage(m) : 'en';
  const sections = [`> **Disclaimer.** ${disclaimerFor(m.session.workflowType, language)}`, header(m)];
  // A judged report's memo already says the outcome is provisional and what a person must review (and the
  // cover's badge says INCOMPLETE): the status line is for the reports without that memo.
  if (incomplete && !judged) sections.push(`**Status: ${INCOMPLETE_HEADING}** — see the section of that name below.`);
  const ledger = new ReportLedger();
  sections.push(...bodySections(m, judged, incomplete, ledger).map(marked));
  sections.push(...reviewSection(m));
  sections.push(marked(machineryAppendix(m, judged)));
  if (m.reportDepth === 'full-with-evidence-appendix') {
    sections.push(marked(evidenceAppendix(m)));
    if (judged) {
      const analysis = analysisEvidenceAppendix(m);
      if (analysis) sections.push(marked(analysis));
    }
  }
  return `${sections.join('\n\n')}\n`;
}
