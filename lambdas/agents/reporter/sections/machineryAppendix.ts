/**
 * The appendix for the machinery: how the audit ran, for whoever checks the audit rather than the
 * file. Stage status, the decision-table row and its inputs, research calls, the rubric and rule ids
 * behind each finding, the file as read, the checklist and the prompt-injection scan. Nothing here is
 * needed to act on the report; nothing above it names an internal id.
 */
import { describeModelChoice } from '../../../core/model/modelChoice';
import { inline, md, table } from '../markdown';
import type { ReportModel } from '../reportModel';
import { checklistSection } from './checklistSection';
import { fileAppendix } from './caseSummary';
import { decisionTableAppendix } from './decisionSection';
import { injectionSection } from './injectionSection';
import { researchMachinery } from './verificationSection';

/**
 * Moves every heading of a section one level down, so a section written to stand alone (the checklist,
 * the injection warnings) reads as part of the appendix. Only our own headings can start a line with
 * `#`: text from a file reaches the report through `inline()`/`cell()`, which never start a line and
 * escape a leading `#`, and table rows start with `|`.
 */
export function nestHeadings(section: string): string {
  return section.replace(/^(#{1,5}) /gm, '#$1 ');
}

export const MACHINERY_HEADING = 'Appendix: how this audit ran';

/** The rule or check behind each finding, by provision: what a reviewer of the audit traces. */
function ruleIds(m: ReportModel): string[][] {
  const rows: string[][] = [];
  for (const f of m.gatekeeper?.legal?.findings ?? []) rows.push([f.provision, f.title, f.ruleId]);
  for (const t of m.gatekeeper?.refusalTriggers ?? []) rows.push([t.provision, `refusal trigger (${t.severity})`, t.source]);
  for (const c of m.gatekeeper?.consistencyFindings ?? []) rows.push([c.provision ?? '—', `consistency finding (${c.severity})`, c.code]);
  for (const c of m.gatekeeper?.complianceIssues ?? []) rows.push(['—', `compliance issue (${c.severity})`, c.code]);
  // One row per distinct rule and finding (three documents may trip the same check).
  return [...new Map(rows.map((r) => [r.join('\u0000'), r])).values()];
}

export function machineryAppendix(m: ReportModel, judged: boolean): string {
  const parts = [`## ${MACHINERY_HEADING}`];
  parts.push(md`Analysis mode: ${inline(describeModelChoice(m.session.model))}. Model usage and every stage's output are in bundle.json.`);
  parts.push('### Stages', table(['Stage', 'Status'], Object.entries(m.stageStatus).map(([s, st]) => [s, st])));
  if (judged && m.judge) parts.push('### Decision table', ...decisionTableAppendix(m.judge));
  const research = researchMachinery(m.detective);
  if (research.length || m.strategist) {
    parts.push('### Research and scoring', ...research);
    if (m.strategist) parts.push(md`Rubric: ${inline(m.strategist.rubric.id)}, version ${inline(m.strategist.rubric.version)}.`);
  }
  const rules = ruleIds(m);
  if (rules.length) parts.push('### Rules behind each finding', table(['Provision', 'Finding', 'Rule or check'], rules));
  parts.push(...fileAppendix(m));
  if (judged && m.gatekeeper) parts.push(nestHeadings(checklistSection(m.gatekeeper.checklist)));
  if (m.gatekeeper) parts.push(nestHeadings(injectionSection(m.gatekeeper.injectionAttempts, m.stageStatus.gatekeeper)));
  return parts.join('\n\n');
}
