/**
 * `npm run bench -- judgment`: the judgment score (issue 30). Every folder of the judgment corpus
 * (test/corpus/judgment) is audited whole, rules only, in-process through the embedded local
 * runtime (the same path as the integration tests: emulators, the generated ASL, every agent), with
 * the audit's clock set to the item's `asOf` so that deadlines are counted from it. The judge's
 * outcome, the gatekeeper's refusal triggers and legal analysis (`legal.findings`, `legal.deadlines`,
 * `legal.review.forum`, when the gatekeeper produces them) and the document checklist are compared
 * with what a lawyer expects (expected.json). Prints a row per item, then the totals, and last:
 *
 *   judgment: verdicts <V>%, provision precision <P>%, recall <R>%, strong files alarmed <N>
 *
 * Misses go to bench/out/judgment-misses.json. `JUDGMENT_ITEMS=<regex>` restricts the items (by slug).
 * Asserts nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../local/localRuntime';
import { startAudit } from '../lambdas/core/audit/startAudit';
import { summarizeAudit } from '../lambdas/core/audit/auditSummary';
import { documentsPrefix } from '../lambdas/core/storage/objectKeys';
import { checkDocuments } from '../lambdas/core/checklists/documentChecklist';
import { answersRefusal } from '../lambdas/core/caseKind/answersRefusal';
import { closePdfWorkers } from '../lambdas/agents/intake/documents/pdfWorkerPool';
import type { GatekeeperOutput } from '../lambdas/contracts/gatekeeperOutput';
import type { IntakeOutput } from '../lambdas/contracts/intakeOutput';
import type { LegalAnalysis } from '../lambdas/contracts/legalAnalysis';
import { folderFiles } from '../test/corpus/readingCorpus';
import { ALARM_OUTCOMES, CHECKLIST_WORKFLOWS, loadJudgmentCorpus, sameProvision, withinProvision, type JudgmentItem } from '../test/corpus/judgmentCorpus';

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((n / d) * 100).toFixed(1)}%`);
const pctNum = (n: number, d: number) => (d === 0 ? 0 : Number(((n / d) * 100).toFixed(1)));

export interface JudgmentRow {
  slug: string;
  workflow: string;
  language: string;
  strong: boolean;
  status: string;
  /** The judge's outcome (null for the checklist workflows or when the judge did not run). */
  outcome: string | null;
  acceptable?: string[];
  verdictOk?: boolean;
  alarmed: boolean;
  /** Provisions flagged: refusal triggers and legal findings (engaged or check), distinct. */
  flagged: string[];
  expectedFound: string[];
  expectedMissed: string[];
  inapplicableFlagged: string[];
  /** Flagged provisions neither expected nor listed inapplicable (false positives of the strict precision). */
  otherFlagged: string[];
  /** Each refusal trigger and legal finding as the audit gave it: `provision (severity): summary`. */
  flaggedDetail: string[];
  deadlines: Array<{ id: string; due: string; found: string | null; ok: boolean }>;
  forum?: { expected: string; found: string | null; ok: boolean };
  checklist?: { applicationType: { expected: string; found: string | null }; missingOk: string[]; missingMissed: string[]; notMissingOk: string[]; wronglyMissing: string[] };
  legalPresent: boolean;
  /** The day the intake stage started by the audit's clock: the item's `asOf` when the clock was injected. */
  auditDay: string | null;
  error?: string;
}

export interface JudgmentBench {
  items: number;
  verdicts: { right: number; judged: number; percent: number };
  provisions: { expected: number; found: number; flagged: number; flaggedExpected: number; inapplicableFlagged: number; otherFlagged: number; precision: number; judgedPrecision: number; recall: number };
  strongFilesAlarmed: number;
  strongFiles: number;
  deadlines: { right: number; expected: number; percent: number };
  forum: { right: number; expected: number; percent: number };
  checklist: { right: number; expected: number; percent: number };
  /** Items whose gatekeeper output carried `legal` (0 until lambdas/law/ lands). */
  itemsWithLegalAnalysis: number;
  failedAudits: string[];
  line: string;
}

/** `JUDGMENT_ITEMS=<regex>`: only the items whose slug matches. */
function selectedItems(): JudgmentItem[] {
  const only = process.env.JUDGMENT_ITEMS;
  const re = only ? new RegExp(only) : undefined;
  return loadJudgmentCorpus().filter((item) => !re || re.test(item.slug));
}

/** The audit's clock: the item's day (at noon UTC), running forward from the moment the audit starts. */
function clockAt(asOf: string): () => Date {
  const offset = Date.now() - Date.parse(`${asOf}T12:00:00Z`);
  return () => new Date(Date.now() - offset);
}

async function auditItem(rt: LocalRuntime, item: JudgmentItem, n: number): Promise<JudgmentRow> {
  const e = item.expected;
  const caseId = `judgment-${n}-${item.slug}`.slice(0, 60);
  for (const f of await folderFiles(item.folder)) await rt.emulators.blobs.put(`${documentsPrefix('local', caseId)}${f.name}`, f.bytes);
  const now = clockAt(e.asOf);
  const session = await startAudit(
    { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: { start: (s) => rt.startWith(s, { now }) }, now },
    { caseId, workflowType: e.workflow, tier: e.tier ?? 'pro', model: 'none', gateMode: 'live', owner: 'local' },
  );
  const outcomeOfRun = await rt.wait(session.auditId);
  const stored = await rt.emulators.store.get(session.auditId);
  const summary = await summarizeAudit(rt.emulators.store, stored);
  const gatekeeper = await rt.emulators.store.readOutput<GatekeeperOutput>(stored, 'gatekeeper').catch(() => undefined);
  const intake = await rt.emulators.store.readOutput<IntakeOutput>(stored, 'intake').catch(() => undefined);
  const legal: LegalAnalysis | undefined = gatekeeper?.legal;

  const outcome = summary.decision ?? summary.verdict ?? null;
  const flagged = [...new Set([...summary.refusalTriggers.map((t) => t.provision), ...(legal?.findings ?? []).map((f) => f.provision)])].sort();
  const expectedFound: string[] = [];
  const expectedMissed: string[] = [];
  for (const p of e.provisions.expected) {
    const alternatives = Array.isArray(p) ? p : [p];
    (flagged.some((f) => alternatives.some((a) => sameProvision(f, a))) ? expectedFound : expectedMissed).push(alternatives.join(' | '));
  }
  const isExpected = (f: string) => e.provisions.expected.flat().some((p) => sameProvision(f, p));
  const inapplicableFlagged = flagged.filter((f) => !isExpected(f) && e.provisions.inapplicable.some((p) => withinProvision(f, p)));
  const otherFlagged = flagged.filter((f) => !isExpected(f) && !inapplicableFlagged.includes(f));

  const deadlines = (e.deadlines ?? []).map((d) => {
    const found = legal?.deadlines.find((x) => x.id === d.id);
    return { id: d.id, due: d.due, found: found ? (found.due ?? found.status) : null, ok: found?.due === d.due };
  });
  const forumFound = legal?.review?.forum.route ?? null;
  const row: JudgmentRow = {
    slug: item.slug,
    workflow: e.workflow,
    language: e.language,
    strong: e.strong,
    status: outcomeOfRun.status === 'FAILED' ? `FAILED ${outcomeOfRun.error?.name ?? ''}`.trim() : summary.status,
    outcome,
    alarmed: e.strong && outcome !== null && (ALARM_OUTCOMES as readonly string[]).includes(outcome),
    flagged,
    expectedFound,
    expectedMissed,
    inapplicableFlagged,
    otherFlagged,
    flaggedDetail: [
      ...summary.refusalTriggers.map((t) => `${t.provision} (${t.severity}): ${t.summary}`),
      ...(legal?.findings ?? []).map((f) => `${f.provision} (${f.status}, ${f.severity}${f.decisive ? ', decisive' : ''}): ${f.title}`),
    ],
    deadlines,
    legalPresent: Boolean(legal),
    auditDay: stored.stageTimings.intake?.startedAt.slice(0, 10) ?? null,
  };
  if (e.acceptable) {
    row.acceptable = e.acceptable;
    row.verdictOk = outcome !== null && e.acceptable.includes(outcome);
  }
  if (e.forum) row.forum = { expected: e.forum, found: forumFound, ok: forumFound === e.forum };
  if (CHECKLIST_WORKFLOWS.includes(e.workflow)) {
    // document-list: the gatekeeper's checklist; client-guidance: the one its guidance lists (reporter, from intake).
    const checklist = gatekeeper?.checklist ?? (intake ? checkDocuments(intake.applicationType, intake.documents, intake.caseFacts?.application, { answersRefusal: answersRefusal(intake, e.workflow) }) : undefined);
    const missing = new Set((checklist?.missing ?? []).map((m) => m.item));
    row.checklist = {
      applicationType: { expected: e.applicationType ?? '', found: checklist?.applicationType ?? intake?.applicationType ?? null },
      missingOk: (e.missing ?? []).filter((m) => missing.has(m)),
      missingMissed: (e.missing ?? []).filter((m) => !missing.has(m)),
      notMissingOk: (e.notMissing ?? []).filter((m) => !missing.has(m)),
      wronglyMissing: (e.notMissing ?? []).filter((m) => missing.has(m)),
    };
  }
  if (outcomeOfRun.status === 'FAILED') row.error = `${outcomeOfRun.error?.name}: ${outcomeOfRun.error?.message}`;
  return row;
}

function failedRow(item: JudgmentItem, error: unknown): JudgmentRow {
  const e = item.expected;
  return {
    slug: item.slug, workflow: e.workflow, language: e.language, strong: e.strong, status: 'ERROR', outcome: null,
    ...(e.acceptable ? { acceptable: e.acceptable, verdictOk: false } : {}),
    alarmed: false, flagged: [], expectedFound: [],
    expectedMissed: e.provisions.expected.map((p) => (Array.isArray(p) ? p.join(' | ') : p)),
    inapplicableFlagged: [], otherFlagged: [], flaggedDetail: [],
    deadlines: (e.deadlines ?? []).map((d) => ({ ...d, found: null, ok: false })),
    ...(e.forum ? { forum: { expected: e.forum, found: null, ok: false } } : {}),
    legalPresent: false,
    auditDay: null,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s).padEnd(n);

function formatRows(rows: JudgmentRow[]): string {
  const lines = [
    `${'item'.padEnd(48)} ${'workflow'.padEnd(18)} ln ${'str'.padEnd(3)} ${'outcome'.padEnd(10)} ${'acceptable'.padEnd(18)} ok | provisions expected found/total, inapplicable flagged, other flagged | deadlines | forum`,
  ];
  for (const r of rows) {
    const verdict = r.checklist
      ? `${cut(`type ${r.checklist.applicationType.found ?? '-'}${r.checklist.applicationType.found === r.checklist.applicationType.expected ? '' : ` (not ${r.checklist.applicationType.expected})`}`, 29)} ${r.checklist.missingMissed.length + r.checklist.wronglyMissing.length === 0 && r.checklist.applicationType.found === r.checklist.applicationType.expected ? 'ok' : '--'}`
      : `${cut(r.outcome ?? '-', 10)} ${cut((r.acceptable ?? []).join('/'), 18)} ${r.verdictOk ? 'ok' : r.alarmed ? '!!' : '--'}`;
    const provisions = `${r.expectedFound.length}/${r.expectedFound.length + r.expectedMissed.length}` +
      (r.expectedMissed.length ? ` missed[${r.expectedMissed.join(', ')}]` : '') +
      (r.inapplicableFlagged.length ? ` INAPPLICABLE[${r.inapplicableFlagged.join(', ')}]` : '') +
      (r.otherFlagged.length ? ` other[${r.otherFlagged.join(', ')}]` : '');
    const deadlines = r.deadlines.length ? r.deadlines.map((d) => `${d.id} ${d.due}${d.ok ? ' ok' : ` got ${d.found ?? '-'}`}`).join('; ') : '-';
    const forum = r.forum ? `${r.forum.expected}${r.forum.ok ? ' ok' : ` got ${r.forum.found ?? '-'}`}` : '-';
    const checklist = r.checklist
      ? ` | checklist missing ${r.checklist.missingOk.length}/${r.checklist.missingOk.length + r.checklist.missingMissed.length}${r.checklist.missingMissed.length ? ` not listed[${r.checklist.missingMissed.join(', ')}]` : ''}${r.checklist.wronglyMissing.length ? ` wrongly missing[${r.checklist.wronglyMissing.join(', ')}]` : ''}`
      : '';
    lines.push(`${cut(r.slug, 48)} ${r.workflow.padEnd(18)} ${r.language} ${(r.strong ? 'S' : 'w').padEnd(3)} ${verdict} | ${provisions} | ${deadlines} | ${forum}${checklist}${r.status === 'SUCCEEDED' ? '' : ` [${r.status}${r.error ? `: ${r.error}` : ''}]`}`);
  }
  return lines.join('\n');
}

export async function benchJudgment(): Promise<JudgmentBench> {
  const items = selectedItems();
  const rows: JudgmentRow[] = [];
  const rt = await startLocalRuntime({ persist: false });
  try {
    for (const [i, item] of items.entries()) {
      const started = Date.now();
      const row = await auditItem(rt, item, i + 1).catch((error: unknown) => failedRow(item, error));
      rows.push(row);
      process.stderr.write(`judgment: ${item.slug} ${row.outcome ?? row.status} (${Date.now() - started} ms)\n`);
    }
  } finally {
    await rt.stop();
    await closePdfWorkers();
  }

  const judged = rows.filter((r) => r.acceptable);
  const verdictsRight = judged.filter((r) => r.verdictOk).length;
  const expectedTotal = rows.reduce((a, r) => a + r.expectedFound.length + r.expectedMissed.length, 0);
  const found = rows.reduce((a, r) => a + r.expectedFound.length, 0);
  const flagged = rows.reduce((a, r) => a + r.flagged.length, 0);
  const inapplicable = rows.reduce((a, r) => a + r.inapplicableFlagged.length, 0);
  const other = rows.reduce((a, r) => a + r.otherFlagged.length, 0);
  const flaggedExpected = flagged - inapplicable - other;
  const strong = rows.filter((r) => r.strong);
  const alarmed = strong.filter((r) => r.alarmed).length;
  const deadlineRows = rows.flatMap((r) => r.deadlines);
  const forumRows = rows.filter((r) => r.forum);
  const checklistChecks = rows.flatMap((r) => (r.checklist ? [r.checklist.applicationType.found === r.checklist.applicationType.expected, ...r.checklist.missingOk.map(() => true), ...r.checklist.missingMissed.map(() => false), ...r.checklist.notMissingOk.map(() => true), ...r.checklist.wronglyMissing.map(() => false)] : []));
  const precision = pctNum(flaggedExpected, flagged);
  const recall = pctNum(found, expectedTotal);
  const verdictPct = pctNum(verdictsRight, judged.length);

  mkdirSync(join(__dirname, 'out'), { recursive: true });
  const misses = rows
    .filter((r) => r.verdictOk === false || r.alarmed || r.expectedMissed.length || r.inapplicableFlagged.length || r.otherFlagged.length || r.deadlines.some((d) => !d.ok) || r.forum?.ok === false || (r.checklist && (r.checklist.missingMissed.length || r.checklist.wronglyMissing.length || r.checklist.applicationType.found !== r.checklist.applicationType.expected)) || r.status !== 'SUCCEEDED')
    .map((r) => ({ ...r, expected: items.find((i) => i.slug === r.slug)?.expected }));
  writeFileSync(join(__dirname, 'out', 'judgment-misses.json'), `${JSON.stringify(misses, null, 2)}\n`);
  writeFileSync(join(__dirname, 'out', 'judgment-rows.json'), `${JSON.stringify(rows, null, 2)}\n`);

  const line = `judgment: verdicts ${verdictPct.toFixed(1)}%, provision precision ${precision.toFixed(1)}%, recall ${recall.toFixed(1)}%, strong files alarmed ${alarmed}`;
  const totals = [
    `verdict within the acceptable set: ${verdictsRight}/${judged.length} (${pct(verdictsRight, judged.length)})`,
    `provisions: recall ${found}/${expectedTotal} (${pct(found, expectedTotal)}); precision ${flaggedExpected}/${flagged} flagged (${pct(flaggedExpected, flagged)}), ` +
      `of the rest ${inapplicable} inapplicable and ${other} not listed; precision counting only inapplicable flags as false: ${pct(flaggedExpected, flaggedExpected + inapplicable)}`,
    `strong files alarmed (HIGH-RISK/NO-GO/ABANDON): ${alarmed}/${strong.length}`,
    `deadlines (due day as expected): ${deadlineRows.filter((d) => d.ok).length}/${deadlineRows.length} (${pct(deadlineRows.filter((d) => d.ok).length, deadlineRows.length)})`,
    `forum: ${forumRows.filter((r) => r.forum!.ok).length}/${forumRows.length} (${pct(forumRows.filter((r) => r.forum!.ok).length, forumRows.length)})`,
    `checklist expectations (document-list, client-guidance: application type, missing, not missing): ${checklistChecks.filter(Boolean).length}/${checklistChecks.length} (${pct(checklistChecks.filter(Boolean).length, checklistChecks.length)})`,
    `items whose gatekeeper output carries a legal analysis: ${rows.filter((r) => r.legalPresent).length}/${rows.length}; audits not SUCCEEDED: ${rows.filter((r) => r.status !== 'SUCCEEDED').map((r) => `${r.slug} (${r.status})`).join(', ') || 'none'}`,
    `audits run on their asOf day (the injected clock): ${rows.filter((r) => r.auditDay === items.find((i) => i.slug === r.slug)?.expected.asOf).length}/${rows.length}`,
    `(misses: bench/out/judgment-misses.json; every row: bench/out/judgment-rows.json)`,
  ];
  process.stdout.write(`${formatRows(rows)}\n\n${totals.join('\n')}\n\n`);

  return {
    items: rows.length,
    verdicts: { right: verdictsRight, judged: judged.length, percent: verdictPct },
    provisions: { expected: expectedTotal, found, flagged, flaggedExpected, inapplicableFlagged: inapplicable, otherFlagged: other, precision, judgedPrecision: pctNum(flaggedExpected, flaggedExpected + inapplicable), recall },
    strongFilesAlarmed: alarmed,
    strongFiles: strong.length,
    deadlines: { right: deadlineRows.filter((d) => d.ok).length, expected: deadlineRows.length, percent: pctNum(deadlineRows.filter((d) => d.ok).length, deadlineRows.length) },
    forum: { right: forumRows.filter((r) => r.forum!.ok).length, expected: forumRows.length, percent: pctNum(forumRows.filter((r) => r.forum!.ok).length, forumRows.length) },
    checklist: { right: checklistChecks.filter(Boolean).length, expected: checklistChecks.length, percent: pctNum(checklistChecks.filter(Boolean).length, checklistChecks.length) },
    itemsWithLegalAnalysis: rows.filter((r) => r.legalPresent).length,
    failedAudits: rows.filter((r) => r.status !== 'SUCCEEDED').map((r) => r.slug),
    line,
  };
}
