import type { ConsistencyFinding, RefusalTrigger } from '../../../contracts/findings';
import { bold, bullet, inline, md, table } from '../markdown';
import type { ReportedGatekeeper, ReportModel } from '../reportModel';
import { checklistSection } from './checklistSection';
import { evidenceSources } from './evidenceSource';
import { injectionSection } from './injectionSection';
import { bySeverity } from '../../../contracts/findings';
import { stageNotice } from './stageNotice';
import { outcomePromises, requiredFixes } from './storedFindings';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

export const GATEKEEPER_HEADING = 'Gatekeeper review';

/**
 * Moves every heading of a section one level down, so a section written to stand alone (the checklist,
 * the injection warnings) reads as part of the gatekeeper review. Only our own headings can start a line
 * with `#`: text from a file reaches the report through `inline()`/`cell()`, which never start a line and
 * escape a leading `#`, and table rows start with `|`.
 */
export function nestHeadings(section: string): string {
  return section.replace(/^(#{1,5}) /gm, '#$1 ');
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function triggersPart(triggers: readonly RefusalTrigger[] | undefined, unverified: readonly string[]): string[] {
  const heading = '### Refusal triggers';
  if (!triggers) return [heading, 'This gatekeeper output predates the refusal-trigger checks, so none are listed. Review the file for refusal grounds manually.'];
  if (!triggers.length) return [heading, 'No refusal trigger was found.'];
  return [
    heading,
    'Grounds on which an officer could refuse, by provision, the most serious first.',
    table(
      ['Provision', 'Severity', 'Finding', 'Evidence source', 'Raised by'],
      bySeverity(triggers).map((t) => [t.provision, t.severity, withUnverifiedNote(t.summary, unverified), evidenceSources(t.evidence) || 'none quoted', t.source]),
    ),
  ];
}

function compliancePart(g: ReportedGatekeeper): string[] {
  const heading = '### Compliance issues';
  if (!g.complianceIssues) return [heading, 'This gatekeeper output predates the compliance checks, so none are listed.'];
  if (!g.complianceIssues.length) return [heading, 'No compliance issue was found.'];
  return [
    heading,
    table(
      ['Severity', 'Issue', 'Code', 'Documents'],
      bySeverity(g.complianceIssues).map((c) => [c.severity, c.message, c.code, c.documents.join(', ')]),
    ),
  ];
}

function fixesPart(g: ReportedGatekeeper): string[] {
  const heading = '### Required fixes';
  const { fixes, unreadable } = requiredFixes(g);
  const parts: string[] = [heading];
  if (!fixes.length && !unreadable) {
    parts.push(g.requiredFixes || g.complianceIssues ? 'No fix is required before filing.' : 'This gatekeeper output predates the required-fix list, so none are listed.');
    return parts;
  }
  if (fixes.length) {
    parts.push(
      bullet(
        fixes.map((f) => {
          const lead = f.severity ? md`${bold(f.severity)} — ` : md``;
          const ref = f.ref ? md` (${inline(f.ref)})` : md``;
          const docs = f.documents.length ? md`; documents: ${inline(f.documents.join(', '))}` : md``;
          return md`${lead}${inline(f.text)}${ref}${docs}`;
        }),
      ),
    );
  }
  if (unreadable) parts.push(`${plural(unreadable, 'further entry', 'further entries')} in the gatekeeper's list had no text to show; see bundle.json.`);
  return parts;
}

function consistencyFinding(f: ConsistencyFinding, unverified: readonly string[]): string[] {
  const provision = f.provision ? md` — ${inline(f.provision)}` : md``;
  return [
    md`${bold(f.severity)} · ${inline(withUnverifiedNote(f.summary, unverified))}${provision}`,
    table(['Document', 'Page', 'Statement (verbatim)'], f.evidence.map((e) => [e.docId, e.page, `“${e.quote}”`])),
  ];
}

function consistencyPart(findings: readonly ConsistencyFinding[] | undefined, unverified: readonly string[]): string[] {
  const heading = '### Consistency findings';
  if (!findings) return [heading, 'This gatekeeper output predates the cross-document consistency checks, so none are listed.'];
  if (!findings.length) return [heading, 'The documents did not contradict each other on the facts that were compared.'];
  return [
    heading,
    'Places where the documents disagree with each other, the most serious first. Each statement is quoted as it appears in its document.',
    ...bySeverity(findings).flatMap((f) => consistencyFinding(f, unverified)),
  ];
}

function promisesPart(g: ReportedGatekeeper): string[] {
  const found = outcomePromises(g);
  if (!found) return [];
  const heading = '### Wording that promises a result';
  if (!found.lines.length && !found.unreadable) return [heading, 'No wording promising a particular result was found.'];
  const parts = [
    heading,
    'Nobody can promise how an officer will decide. The passages below promise or ask for a particular result; ' +
      'take such wording out of anything filed, and treat anyone who offered such a promise with suspicion.',
  ];
  if (found.lines.length) parts.push(table(['Where', 'Page', 'Wording (verbatim)'], found.lines.map((l) => [l.where, l.page, `“${l.text}”`])));
  if (found.unreadable) parts.push(`${plural(found.unreadable, 'further entry', 'further entries')} had no text to show; see bundle.json.`);
  return parts;
}

function overview(g: ReportedGatekeeper): string {
  const triggers = g.refusalTriggers ?? [];
  const critical = triggers.filter((t) => t.severity === 'critical').length;
  const high = triggers.filter((t) => t.severity === 'high').length;
  const counts = [
    g.refusalTriggers ? `${plural(triggers.length, 'refusal trigger')} (${critical} critical, ${high} high)` : undefined,
    g.complianceIssues ? plural(g.complianceIssues.length, 'compliance issue') : undefined,
    g.consistencyFindings ? plural(g.consistencyFindings.length, 'consistency finding') : undefined,
  ].filter((c): c is string => c !== undefined);
  return counts.length ? `${counts.join(', ')}.` : 'The gatekeeper checked the document checklist and scanned for prompt injection.';
}

/**
 * The gatekeeper review (DESIGN §4): refusal triggers by provision (critical first), compliance issues,
 * required fixes, consistency findings with their conflicting quotes, wording that promises a result,
 * then the document checklist and the prompt-injection warnings as parts of the same review.
 */
export function gatekeeperReviewSection(m: ReportModel): string {
  const g = m.gatekeeper;
  const status = m.stageStatus.gatekeeper;
  const parts: string[] = [`## ${GATEKEEPER_HEADING}`];
  if (!g) return [...parts, stageNotice('gatekeeper', status, 'gatekeeper review')].join('\n\n');
  const unverified = unverifiedCitations(m.verifier);
  // A failed gatekeeper leaves a safe default (a checklist that asks for manual review), not a real overview.
  parts.push(status?.startsWith('failed:') ? stageNotice('gatekeeper', status, 'complete review') : overview(g));
  parts.push(
    ...triggersPart(g.refusalTriggers, unverified),
    ...compliancePart(g),
    ...fixesPart(g),
    ...consistencyPart(g.consistencyFindings, unverified),
    ...promisesPart(g),
    nestHeadings(checklistSection(g.checklist)),
    nestHeadings(injectionSection(g.injectionAttempts, status)),
  );
  return parts.join('\n\n');
}
