/**
 * The legal findings, each once: decisive findings and statutory bars (the legal analysis), the grounds
 * of review and the forum for a refusal, refusal triggers by provision with the facts they rest on,
 * where the documents disagree, and what must change before filing. Text a finding shares with page one
 * or an earlier section is not repeated (the ledger drops it); a quote shown before is referred to.
 */
import { statedConflicts } from './conflictsSection';
import type { Evidence } from '../../../contracts/intakeOutput';
import type { ProvisionFinding, ReviewGround } from '../../../contracts/legalAnalysis';
import { bySeverity } from '../../../contracts/findings';
import { bold, bullet, inline, md, table, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import type { ReportLedger } from '../reportLedger';
import { DEADLINE_LABELS, pageOneDeadlines } from './deadlines';
import { evidenceSource, evidenceSources } from './evidenceSource';
import { stageNotice } from './stageNotice';
import { outcomePromises } from './storedFindings';
import { rankedIssues, sentence, TOP_ISSUE_COUNT, topIssues } from './topIssues';
import { unverifiedCitations, withUnverifiedNote } from './unverifiedCitations';

export const LEGAL_HEADING = 'Legal findings';

/** Longest quote the body shows; the evidence appendix (ultra) and bundle.json have every quote whole. */
const BODY_QUOTE_CHARS = 140;

/** "“quote” (doc, p. 2)" for each fact, the quote shortened when shown before. Raw text. */
function factsText(evidence: readonly Evidence[], ledger: ReportLedger, max = 2): string {
  if (!evidence.length) return 'no quote: the finding records an absence';
  const shown = evidence.slice(0, max).map((e) => `${ledger.quote(e.quote, BODY_QUOTE_CHARS)} (${evidenceSource(e)})`);
  const more = evidence.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; ${more} more in ${more === 1 ? 'the evidence appendix' : 'the evidence appendix'} and bundle.json` : ''}`;
}

/** At the summary depth (guest) a finding's facts are given by where they are, not quoted. */
const factsFor = (m: ReportModel, evidence: readonly Evidence[], ledger: ReportLedger): string =>
  m.reportDepth === 'summary' ? evidenceSources(evidence, 2) || 'no quote: the finding records an absence' : factsText(evidence, ledger);

const STATUS_WORDS = { engaged: 'engaged', check: 'to check' } as const;

function provisionFinding(m: ReportModel, f: ProvisionFinding, ledger: ReportLedger): Markdown {
  const head = bold(`${f.title} (${f.provision}, ${STATUS_WORDS[f.status]})`);
  const reasoning = ledger.fresh(f.reasoning);
  const check = f.check ? ledger.fresh(`Check: ${f.check}`) : '';
  return md`${head} — ${inline([reasoning, check].filter(Boolean).join(' ') || 'as stated on page one.')} Facts: ${inline(factsFor(m, f.facts, ledger))}`;
}

const GROUND_WORDS: Record<ReviewGround['kind'], string> = {
  'overlooked-evidence': 'Evidence overlooked',
  'no-fairness-letter': 'No chance to answer a concern (procedural fairness)',
  'reasons-do-not-engage': 'Reasons do not engage with central evidence',
};

const FORUM_WORDS: Record<string, string> = {
  'iad-appeal': 'Appeal to the Immigration Appeal Division',
  'federal-court-leave': 'Application for leave and judicial review in the Federal Court',
  none: 'No route of challenge',
  unknown: 'Route of challenge not established from the file',
};

function legalPart(m: ReportModel, ledger: ReportLedger, unverified: readonly string[]): string[] {
  const legal = m.gatekeeper?.legal;
  if (!legal) return [];
  const parts: string[] = [];
  const decisive = legal.findings.filter((f) => f.decisive);
  const others = legal.findings.filter((f) => !f.decisive);
  if (decisive.length) parts.push('### Decisive findings and bars', 'Each decides the outcome on its own; none is weighed against the score.', bullet(decisive.map((f) => provisionFinding(m, f, ledger))));
  if (others.length) parts.push('### Provisions applied to the file', bullet(others.map((f) => provisionFinding(m, f, ledger))));
  const review = legal.review;
  if (review) {
    const forum = review.forum;
    parts.push(
      '### Challenging the refusal',
      md`${bold('Forum:')} ${inline(FORUM_WORDS[forum.route] ?? forum.route)} (${inline(forum.provision)}). ${inline(ledger.fresh(withUnverifiedNote(forum.reason, unverified)))}`,
    );
    if (review.grounds.length) {
      parts.push(
        bullet(
          review.grounds.map(
            (g) =>
              md`${bold(`${GROUND_WORDS[g.kind]} (${g.strength})`)} — ${inline(ledger.fresh(withUnverifiedNote(g.reasoning, unverified)) || 'as stated above.')} Record: ${inline(factsFor(m, g.evidence, ledger))}`,
          ),
        ),
      );
    } else parts.push('No ground of review was found in the officer’s reasons against the record.');
  }
  // Deadlines page one does not show (periods that have ended, the less urgent): stated here so none is lost.
  const onPageOne = pageOneDeadlines(legal);
  const checks = onPageOne.filter((d) => d.check);
  if (checks.length) {
    parts.push(
      '### What the deadlines on page one depend on',
      bullet(checks.map((d) => md`${bold(`${inline(d.label)}:`)} ${inline(ledger.fresh(d.check!) || 'as stated above.')}`)),
    );
  }
  const shown = new Set(onPageOne.map((d) => d.id));
  const rest = legal.deadlines.filter((d) => !shown.has(d.id));
  if (rest.length && m.reportDepth === 'summary') {
    // A summary names the other periods in one line; the full report explains each.
    const named = rest.map((d) => `${d.label} (${d.rule}): ${DEADLINE_LABELS[d.status].toLowerCase()}${d.due ? ` ${d.due}` : ''}`);
    parts.push(md`${bold('Other time limits and periods:')} ${inline(named.join('; '))}.`);
  } else if (rest.length) {
    parts.push(
      '### Other time limits and periods',
      bullet(rest.map((d) => md`${bold(`${DEADLINE_LABELS[d.status]}${d.due ? ` — ${d.due}` : ''}:`)} ${inline(d.label)}, ${inline(d.rule)}. ${inline(ledger.fresh(d.explanation))}`)),
    );
  }
  return parts;
}

function triggersPart(m: ReportModel, ledger: ReportLedger, unverified: readonly string[]): string[] {
  const g = m.gatekeeper!;
  const heading = '### Refusal triggers';
  if (!g.refusalTriggers) return [heading, 'This gatekeeper output predates the refusal-trigger checks, so none are listed. Review the file for refusal grounds manually.'];
  if (!g.refusalTriggers.length) return [heading, 'No refusal trigger was found.'];
  const ranked = rankedIssues(m);
  const fixes = new Map(ranked.filter((i) => i.provision).map((i) => [i.provision!, i.fix]));
  const onPageOne = new Map(ranked.slice(0, TOP_ISSUE_COUNT).map((i, k) => [i.provision, k + 1]));
  const summary = m.reportDepth === 'summary';
  const ordered = bySeverity(g.refusalTriggers);
  if (summary && ordered.every((t) => onPageOne.has(t.provision))) {
    // A summary whose every trigger is a page-one issue names them in one line: page one states each.
    const named = ordered.map((t) => `${t.provision} (${t.severity}): issue ${onPageOne.get(t.provision)} on page one`);
    return [md`${bold('Refusal triggers:')} ${inline(named.join('; '))}.`];
  }
  return [
    heading,
    ...(summary ? [] : ['Grounds on which an officer could refuse, by provision, the most serious first, with the facts each rests on.']),
    table(
      ['Provision', 'Severity', 'Finding', 'Facts it rests on'],
      ordered.map((t) => {
        const issue = onPageOne.get(t.provision);
        // A summary refers a trigger page one states to its issue there; the full report adds what is new.
        if (summary && issue) return [t.provision, t.severity, `Issue ${issue} on page one.`, factsFor(m, t.evidence, ledger)];
        const finding = ledger.fresh(withUnverifiedNote(t.summary, unverified));
        const fix = ledger.fresh(fixes.get(t.provision) ?? '');
        const text = [issue ? `Issue ${issue} on page one.` : '', finding, fix ? `Fix: ${sentence(fix)}` : ''].filter(Boolean).join(' ');
        return [t.provision, t.severity, text || 'Stated on page one.', factsFor(m, t.evidence, ledger)];
      }),
    ),
  ];
}

/** "a, b and c" */
const listed = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * One sentence for what the refusal triggers already state: the contradictions pooled into a trigger
 * and the fact model's conflicts whose passages a trigger quotes (their readings stay unsettled).
 */
function statedNote(pooled: readonly { provision?: string }[], conflicts: { count: number; provisions: readonly string[] }): string[] {
  const what = [
    pooled.length ? (pooled.length === 1 ? 'One contradiction between documents' : `${pooled.length} contradictions between documents`) : '',
    conflicts.count ? `${conflicts.count === 1 ? 'one fact' : `${conflicts.count} facts`} read two ways (not settled either way)` : '',
  ].filter(Boolean);
  if (!what.length) return [];
  const provisions = [...new Set([...pooled.map((f) => f.provision!), ...conflicts.provisions])];
  const subject = listed(what);
  const verb = pooled.length + conflicts.count === 1 ? 'is' : 'are';
  return [`${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${verb} stated with the refusal trigger${provisions.length === 1 ? '' : 's'} ${listed(provisions)} above.`];
}

/**
 * Contradictions no refusal trigger already states. The gatekeeper pools the contradictions behind a
 * provision into that provision's trigger (its summary names every document), so those are counted
 * here, not restated; the trigger's evidence pools their quotes, and bundle.json keeps each finding.
 */
function consistencyPart(m: ReportModel, ledger: ReportLedger, unverified: readonly string[]): string[] {
  const all = m.gatekeeper!.consistencyFindings ?? [];
  const triggered = new Set((m.gatekeeper!.refusalTriggers ?? []).map((t) => t.provision));
  const pooled = all.filter((f) => f.provision && triggered.has(f.provision));
  const findings = all.filter((f) => !pooled.includes(f));
  const note = statedNote(pooled, statedConflicts(m));
  // A summary says what the triggers already state in a line of its own; the full report gives it a heading.
  if (!findings.length && m.reportDepth === 'summary') return note.length ? [md`${bold('Where the documents disagree:')} ${inline(note[0]!)}`] : [];
  if (!findings.length) return note.length ? ['### Where the documents disagree', ...note] : [];
  return [
    '### Where the documents disagree',
    ...note,
    table(
      ['Severity', 'Disagreement', 'Statements (verbatim)'],
      bySeverity(findings).map((f) => {
        const summary = ledger.fresh(withUnverifiedNote(f.summary, unverified)) || `The contradiction stated above${f.provision ? ` under ${f.provision}` : ''}.`;
        return [f.severity, summary, factsFor(m, f.evidence, ledger)];
      }),
    ),
  ];
}

function compliancePart(m: ReportModel, ledger: ReportLedger): string[] {
  const issues = m.gatekeeper!.complianceIssues;
  if (!issues?.length) return [];
  // An issue whose fix page one already gives (a top issue, or said before at length) is not listed again.
  const onPageOne = new Set(topIssues(m).map((i) => sentence(i.fix)));
  const rows = bySeverity(issues)
    .filter((c) => !onPageOne.has(sentence(c.requiredFix)) && !ledger.saidBefore(sentence(c.requiredFix)))
    .map((c) => [c.severity, ledger.fresh(c.message) || 'Stated above.', sentence(ledger.fresh(c.requiredFix)) || 'Stated above.']);
  if (!rows.length) return [];
  // A summary lists them under a line of its own; the full report sets them in a table.
  if (m.reportDepth === 'summary') {
    return [md`${bold('What must change before filing:')}`, bullet(rows.map(([severity, issue, fix]) => md`${bold(severity)} — ${inline(issue)} Fix: ${inline(fix)}`))];
  }
  return ['### What must change before filing', table(['Severity', 'Issue', 'Fix'], rows)];
}

function promisesPart(m: ReportModel): string[] {
  const found = outcomePromises(m.gatekeeper);
  if (!found?.lines.length) return [];
  return [
    '### Wording that promises a result',
    'Nobody can promise how an officer will decide. Take this wording out of anything filed.',
    table(['Where', 'Page', 'Wording (verbatim)'], found.lines.map((l) => [l.where, l.page, `“${l.text}”`])),
  ];
}

/** The legal findings section of a judged report (the gatekeeper's review and the legal analysis). */
export function legalFindingsSection(m: ReportModel, ledger: ReportLedger): string {
  const parts: string[] = [`## ${LEGAL_HEADING}`];
  const status = m.stageStatus.gatekeeper;
  if (!m.gatekeeper) return [...parts, stageNotice('gatekeeper', status, 'gatekeeper review')].join('\n\n');
  if (status?.startsWith('failed:')) parts.push(stageNotice('gatekeeper', status, 'complete review'));
  const unverified = unverifiedCitations(m.verifier);
  parts.push(
    ...legalPart(m, ledger, unverified),
    ...triggersPart(m, ledger, unverified),
    ...consistencyPart(m, ledger, unverified),
    ...compliancePart(m, ledger),
    ...promisesPart(m),
  );
  return parts.join('\n\n');
}
