import { DISCLAIMER } from './disclaimer';
import { caseSummarySection, evidenceAppendix } from './sections/caseSummary';
import { checklistSection } from './sections/checklistSection';
import { injectionSection } from './sections/injectionSection';
import { clientGuidanceSection } from './sections/clientGuidance';
import { INCOMPLETE_HEADING, incompleteSection, researchSection, verificationSection } from './sections/verificationSection';
import { bold, inline, table } from './markdown';
import type { ReportModel } from './reportModel';

const ANALYSIS_MODE: Record<string, string> = {
  none: 'rules only',
  bedrock: 'rules and language model (Amazon Bedrock)',
};

function header(m: ReportModel): string {
  return [
    `# Case Audit — ${m.workflowTitle}`,
    `Case ${bold(m.session.caseId)} · audit ${inline(m.session.auditId)} · tier ${m.session.tier} · ` +
      `analysis mode: ${ANALYSIS_MODE[m.session.model]} · generated ${m.generatedAt}`,
  ].join('\n\n');
}

function stageSection(m: ReportModel): string {
  return ['## Audit stages', table(['Stage', 'Status'], Object.entries(m.stageStatus).map(([s, st]) => [s, st]))].join('\n\n');
}

/** Renders report.md. The disclaimer always comes first (DESIGN §4). */
export function renderReport(m: ReportModel): string {
  const incomplete = m.verifier?.status === 'FAILED';
  const sections = [`> **Disclaimer.** ${DISCLAIMER}`, header(m)];
  if (incomplete) sections.push(`**Status: ${INCOMPLETE_HEADING}** — see the section of that name below.`);
  sections.push(caseSummarySection(m));
  if (m.session.workflowType === 'client-guidance') sections.push(clientGuidanceSection(m));
  if (m.detective) sections.push(researchSection(m.detective, m.verifier));
  if (m.gatekeeper) sections.push(checklistSection(m.gatekeeper.checklist));
  if (m.gatekeeper) sections.push(injectionSection(m.gatekeeper.injectionAttempts, m.stageStatus.gatekeeper));
  if (m.detective || m.verifier) sections.push(verificationSection(m.verifier));
  if (incomplete) sections.push(incompleteSection(m.verifier!));
  if (m.reportDepth !== 'summary') sections.push(stageSection(m));
  if (m.reportDepth === 'full-with-evidence-appendix') sections.push(evidenceAppendix(m));
  return `${sections.join('\n\n')}\n`;
}
