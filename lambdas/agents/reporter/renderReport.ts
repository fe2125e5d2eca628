import type { WorkflowType } from '../../../workflows/schema';
import { DISCLAIMER } from './disclaimer';
import { caseSummarySection, evidenceAppendix } from './sections/caseSummary';
import { checklistSection } from './sections/checklistSection';
import { conflictsSection } from './sections/conflictsSection';
import { injectionSection } from './sections/injectionSection';
import { clientGuidanceSection } from './sections/clientGuidance';
import { analysisEvidenceAppendix } from './sections/analysisAppendix';
import { decisionHeading, decisionSection } from './sections/decisionSection';
import { reviewSection } from './sections/reviewSection';
import { gatekeeperReviewSection } from './sections/gatekeeperReview';
import { defensibilityScoreSection } from './sections/scoreSection';
import { strategistReportSection } from './sections/strategistSection';
import { INCOMPLETE_HEADING, incompleteSection, researchSection, verificationSection } from './sections/verificationSection';
import { bold, inline, table } from './markdown';
import { describeModelChoice } from '../../core/model/modelChoice';
import { degradedLine } from '../../core/model/modelFallback';
import type { ReportModel } from './reportModel';
import { markUnverifiedCitations, noteContext } from './unverifiedNotes';

/** Workflows that score the file and end in a decision or verdict: their reports follow DESIGN §4 in full. */
export const JUDGED_WORKFLOWS: ReadonlySet<WorkflowType> = new Set<WorkflowType>(['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis']);

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

function stageSection(m: ReportModel): string {
  return ['## Audit stages', table(['Stage', 'Status'], Object.entries(m.stageStatus).map(([s, st]) => [s, st]))].join('\n\n');
}

/**
 * DESIGN §4 order: disclaimer · case summary (then the fact model's unresolved conflicts) · Defensibility Score · strategist report · gatekeeper review
 * (triggers, compliance, fixes, consistency, checklist, injection warnings) · legal research and
 * verification status (with AUDIT INCOMPLETE when citations failed) · final decision or verdict.
 */
function judgedSections(m: ReportModel, incomplete: boolean): string[] {
  const conflicts = conflictsSection(m);
  const sections = [
    caseSummarySection(m),
    ...(conflicts ? [conflicts] : []),
    defensibilityScoreSection(m),
    strategistReportSection(m),
    gatekeeperReviewSection(m),
    researchSection(m),
    verificationSection(m),
  ];
  if (incomplete) sections.push(incompleteSection(m.verifier!));
  sections.push(decisionSection(m));
  return sections;
}

/** Document list and client guidance: the sections their stages produce, in the same relative order. */
function listSections(m: ReportModel, incomplete: boolean): string[] {
  const sections = [caseSummarySection(m)];
  const conflicts = conflictsSection(m);
  if (conflicts) sections.push(conflicts);
  if (m.session.workflowType === 'client-guidance') sections.push(clientGuidanceSection(m));
  if (m.detective) sections.push(researchSection(m));
  if (m.gatekeeper) sections.push(checklistSection(m.gatekeeper.checklist));
  if (m.gatekeeper) sections.push(injectionSection(m.gatekeeper.injectionAttempts, m.stageStatus.gatekeeper));
  if (m.detective || m.verifier) sections.push(verificationSection(m));
  if (incomplete) sections.push(incompleteSection(m.verifier!));
  return sections;
}

/**
 * Renders report.md. The disclaimer always comes first (DESIGN §4). Presentation only: nothing is scored or decided here.
 * Every section written from the stages' outputs names an unconfirmed citation only with a "(Not verified: …)"
 * note (unverifiedNotes.ts). Two are left as they are: the AUDIT INCOMPLETE section, which lists the failed
 * citations as such, and the model's overview, which the reporter's gate checks as written (a model never
 * gets an unverified authority into the report: the gate fails it and the retry leaves the overview out).
 */
export function renderReport(m: ReportModel): string {
  const incomplete = m.verifier?.status === 'FAILED';
  const judged = JUDGED_WORKFLOWS.has(m.session.workflowType);
  const notes = noteContext(m);
  const marked = (section: string) => (section.startsWith(`## ${INCOMPLETE_HEADING}`) ? section : markUnverifiedCitations(section, notes));
  const sections = [`> **Disclaimer.** ${DISCLAIMER}`, header(m)];
  if (incomplete) {
    const provisional = judged ? ` The ${decisionHeading(m).toLowerCase()} in this report is provisional, not final.` : '';
    sections.push(`**Status: ${INCOMPLETE_HEADING}** — see the section of that name below.${provisional}`);
  }
  if (m.overview) sections.push(overviewSection(m.overview));
  sections.push(...(judged ? judgedSections(m, incomplete) : listSections(m, incomplete)).map(marked));
  sections.push(...reviewSection(m));
  if (m.reportDepth !== 'summary') sections.push(marked(stageSection(m)));
  if (m.reportDepth === 'full-with-evidence-appendix') {
    sections.push(marked(evidenceAppendix(m)));
    if (judged) {
      const analysis = analysisEvidenceAppendix(m);
      if (analysis) sections.push(marked(analysis));
    }
  }
  return `${sections.join('\n\n')}\n`;
}
