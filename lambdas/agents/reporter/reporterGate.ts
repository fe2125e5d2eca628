import * as z from 'zod';
import { disclaimersFor } from './disclaimer';
import type { WorkflowType } from '../../../workflows/schema';
import { INCOMPLETE_HEADING } from './sections/verificationSection';
import { BlobNotFound, BlobNotJson } from '../../core/storage/blobErrors';
import type { BlobStore } from '../../core/storage/blobStore';
import { getWorkflow } from '../../../workflows/registry';
import { WORKFLOW_TYPES } from '../../../workflows/schema';
import type { GateCheck, GateInput } from '../../core/gates/gateCheck';
import { capped, gateError, gateWarning, isRecord, schemaIssues } from '../../core/gates/gateIssues';
import type { GateIssue, GateResult } from '../../core/gates/gateSchema';
import { promiseIssues } from '../../core/gates/checks/promiseLanguage';
import { presentedCitations, verifiedSets } from '../../core/gates/checks/reportCitations';
import { blankSpan, documentSourcedStrings, maskSourcedText, sectionSpan, unescapeMarkdown } from '../../core/gates/checks/reportText';

/** The reporter stage's output: where it wrote the report and the bundle. */
export const ReporterStageOutput = z.object({
  reports: z.object({ markdown: z.string().min(1), bundle: z.string().min(1), pdf: z.string().nullable() }),
});

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** "Defensibility Score: 72/100", "| Defensibility Score | 72 |", "Defensibility Score of 72" (not a range like "0–100"). */
const SCORE_STATEMENT = /(?:defensibility score|score de défendabilité)[\s*:|—–-]{0,12}(?:(?:of|is|was|de|est)\s+)?\**(\d{1,3})(?![\d.,]?\d)(?!\s*[–—-]\s*\d)/giu;

/** Every outcome any workflow defines, longest first (so `NO-GO` is read before `GO`). */
const ALL_OUTCOMES = [...new Set(WORKFLOW_TYPES.flatMap((t) => getWorkflow(t).outcomes))].sort((a, b) => b.length - a.length);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Outcome: PROCEED", "**Provisional outcome (not final): REVISE**", "Verdict — GO", "Décision : REVISE". */
const OUTCOME_STATEMENT = new RegExp(
  `(?:[Dd]ecision|DECISION|[Vv]erdict|VERDICT|[Oo]utcome|OUTCOME|[Dd]écision|DÉCISION)(?:\\s*\\([^)\\n]{0,40}\\))?[\\s*:|—–-]{0,12}(${ALL_OUTCOMES.map(escapeRe).join('|')})(?![\\p{L}\\p{N}-])`,
  'gu',
);

function statements(text: string, re: RegExp): Array<{ value: string; line: number }> {
  return [...text.matchAll(re)].map((m) => ({ value: m[1], line: text.slice(0, m.index ?? 0).split('\n').length }));
}

function disclaimerIssues(report: string, workflowType: WorkflowType): GateIssue[] {
  const firstBlock = report.split(/\n\s*\n/).find((b) => b.trim()) ?? '';
  const wanted = disclaimersFor(workflowType).map(collapse);
  if (wanted.some((w) => collapse(firstBlock).includes(w))) return [];
  if (wanted.some((w) => collapse(report).includes(w))) {
    return [gateError('reporter.disclaimer-not-first', 'the disclaimer is in the report but not at its start', 'open the report with the disclaimer, before any other content', ['report.md'])];
  }
  return [gateError('reporter.disclaimer-missing', 'the report does not carry the disclaimer', 'open the report with the disclaimer, verbatim', ['report.md'])];
}

function scoreIssues(text: string, strategist: unknown): GateIssue[] {
  const stated = statements(text, SCORE_STATEMENT);
  const score = isRecord(strategist) && typeof strategist.defensibilityScore === 'number' ? strategist.defensibilityScore : undefined;
  if (score === undefined) {
    return stated.map((s) =>
      gateError('reporter.score-without-strategist', `the report states a Defensibility Score of ${s.value} but no strategist produced one`, 'state no score: only the strategist computes it', [`report.md line ${s.line}`]),
    );
  }
  const issues = stated
    .filter((s) => Number(s.value) !== score)
    .map((s) => gateError('reporter.score-changed', `the report states a Defensibility Score of ${s.value} but the strategist's score is ${score}`, `present the strategist's score (${score}) unchanged`, [`report.md line ${s.line}`]));
  if (!stated.length) issues.push(gateWarning('reporter.score-not-stated', "the report never states the strategist's Defensibility Score", `state the Defensibility Score (${score}/100) in its section`, ['report.md']));
  return issues;
}

function outcomeIssues(text: string, judge: unknown): GateIssue[] {
  const stated = statements(text, OUTCOME_STATEMENT);
  const outcome = isRecord(judge) && typeof judge.outcome === 'string' ? judge.outcome : undefined;
  if (outcome === undefined) {
    return stated.map((s) =>
      gateError('reporter.outcome-without-judge', `the report states the outcome ${s.value} but no judge decided one`, 'state no decision or verdict: only the judge decides it', [`report.md line ${s.line}`]),
    );
  }
  const issues = stated
    .filter((s) => s.value !== outcome)
    .map((s) => gateError('reporter.outcome-changed', `the report states the outcome ${s.value} but the judge decided ${outcome}`, `present the judge's outcome (${outcome}) unchanged`, [`report.md line ${s.line}`]));
  if (!stated.length) issues.push(gateWarning('reporter.outcome-not-stated', "the report never states the judge's outcome", `state the outcome (${outcome}) in the decision or verdict section`, ['report.md']));
  return issues;
}

function citationIssues(text: string, verifier: unknown): GateIssue[] {
  const sets = verifiedSets(verifier);
  const issues: GateIssue[] = [];
  // The INCOMPLETE section lists failed citations precisely as not being authority.
  const asserted = blankSpan(text, sectionSpan(text, INCOMPLETE_HEADING));
  for (const c of presentedCitations(asserted)) {
    if (sets.verified.has(c.citation)) continue;
    const where = [`report.md line ${c.line}`, c.citation];
    if (c.kind === 'case') {
      issues.push(
        sets.failed.has(c.citation)
          ? gateError('reporter.failed-citation-as-authority', 'the report presents a citation that failed verification as authority', 'show failed citations only in the AUDIT INCOMPLETE section, or mark them "(Not verified: …)"', where)
          : gateError('reporter.unverified-citation-as-authority', 'the report presents a case citation the verifier did not confirm as authority', 'present only citations the verifier confirmed', where),
      );
    } else if (sets.failed.has(c.citation)) {
      issues.push(gateError('reporter.failed-citation-as-authority', 'the report presents a provision that failed verification as authority', 'show failed provisions only in the AUDIT INCOMPLETE section, or mark them "(Not verified: …)"', where));
    } else if (sets.ran) {
      // Issue 18: every cited authority is in the verified set. The reporter marks a provision the
      // verifier could not check (e.g. verification could not run) "(Not verified: …)", so only text
      // that presents one as authority gets here: a model's overview, or a reporter bug.
      issues.push(
        gateError('reporter.unverified-provision', 'the report presents a provision the verifier did not confirm as authority', 'cite only provisions the verifier confirmed, or mark it "(Not verified: …)" where it is named', where),
      );
    }
  }
  return capped(issues);
}

async function readReport(blobs: BlobStore, key: string): Promise<string | undefined> {
  try {
    return await blobs.getText(key);
  } catch (err) {
    if (err instanceof BlobNotFound) return undefined;
    throw err;
  }
}

const bundleKeyOf = (output: unknown): string | undefined => {
  const parsed = ReporterStageOutput.safeParse(output);
  return parsed.success ? parsed.data.reports.bundle : undefined;
};

/**
 * Reporter: the report opens with the disclaimer, states the strategist's score and the judge's outcome
 * unchanged wherever it states them, presents as authority only citations (decisions and provisions) the verifier confirmed,
 * carries the AUDIT INCOMPLETE section when verification failed, and promises no outcome. Text from the
 * client's documents (and anything in quotation marks) is set aside first: the report may quote it.
 */
export const reporterGate: GateCheck = {
  agent: 'reporter',
  async check({ output, blobs, outputOf, workflow }: GateInput) {
    const issues = schemaIssues(ReporterStageOutput, output, 'reporter.schema', 'ReporterOutput');
    const parsed = ReporterStageOutput.safeParse(output);
    if (!parsed.success) return issues;
    const report = await readReport(blobs, parsed.data.reports.markdown);
    if (report === undefined) return [gateError('reporter.report-missing', 'report.md is not where the reporter says it wrote it', 'write report.md and return its key', [parsed.data.reports.markdown])];

    const has = (agent: string) => workflow.stages.some((s) => s.agent === agent);
    const read = (agent: string) => (has(agent) ? outputOf<unknown>(workflow.stages.find((s) => s.agent === agent)!.id) : Promise.resolve(undefined));
    const [intake, strategist, gatekeeper, verifier, judge] = await Promise.all(['intake', 'strategist', 'gatekeeper', 'verifier', 'judge'].map(read));

    issues.push(...disclaimerIssues(report, workflow.type));
    const text = maskSourcedText(unescapeMarkdown(report), documentSourcedStrings({ intake, others: [strategist, gatekeeper, judge] }));
    issues.push(...scoreIssues(text, strategist), ...outcomeIssues(text, judge), ...citationIssues(text, verifier));
    if (isRecord(verifier) && verifier.status === 'FAILED' && !report.includes(INCOMPLETE_HEADING)) {
      issues.push(gateError('reporter.incomplete-section-missing', `verification failed but the report has no "${INCOMPLETE_HEADING}" section`, 'add the AUDIT INCOMPLETE section with the failed citations, their issues, attempts and recommended actions', ['report.md']));
    }
    issues.push(...promiseIssues([{ path: 'report.md', text }], 'reporter.outcome-promise'));
    return issues;
  },

  /** bundle.json is written before the reporter's own gate runs: add each of its results once known. */
  async onResult({ output, blobs }, result: GateResult) {
    const key = bundleKeyOf(output);
    if (!key) return;
    let bundle: unknown;
    try {
      bundle = await blobs.getJson(key);
    } catch (err) {
      if (err instanceof BlobNotFound || err instanceof BlobNotJson) return;
      throw err;
    }
    if (!isRecord(bundle)) return;
    const gates = Array.isArray(bundle.gates) ? bundle.gates : [];
    await blobs.putJson(key, { ...bundle, gates: [...gates, result] });
  },
};
