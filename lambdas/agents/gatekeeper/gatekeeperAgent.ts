import { answersRefusal } from '../../core/caseKind/answersRefusal';
import { StrategistOutput } from '../../contracts/strategistOutput';
import type { AgentContext } from '../../core/stage/stageContract';
import type { Agent } from '../../core/stage/stageContract';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import { logger } from '../../core/observability/logger';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { caseDocuments } from './consistency/caseDocuments';
import { checkConsistency } from './consistency/checkConsistency';
import { checkPassportValidity } from './consistency/passportValidity';
import { checkDocuments } from '../../core/checklists/documentChecklist';
import type { GatekeeperOutput } from '../../contracts/gatekeeperOutput';
import { gatekeeperStatus, mergeTriggers, requiredFixes } from './findings/assembleFindings';
import { checklistIssues, injectionIssues, passportIssues } from './findings/complianceIssues';
import { findOutcomePromises, promiseIssues } from './findings/outcomePromises';
import { refusalGroundTriggers } from './findings/refusalGrounds';
import { bundledSeverityRules, bySeverity } from './findings/severityRules';
import { strategistTriggers } from './findings/strategistTriggers';
import { loadExtractedDocuments, scanDocuments } from '../../core/injection/scanExtractedText';
import { gatekeeperGate } from './gatekeeperGate';
import { legalCounts, runLegalAnalysis } from './legal/runLegalAnalysis';

/** The strategist's output when this workflow has that stage and it is well formed. */
async function strategistOf(ctx: AgentContext): Promise<StrategistOutput | undefined> {
  if (!ctx.workflow.stages.some((s) => s.id === 'strategist')) return undefined;
  const parsed = StrategistOutput.safeParse(await ctx.outputOf<unknown>('strategist'));
  return parsed.success ? parsed.data : undefined;
}

const today = (now: Date) => ({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });

/**
 * Gatekeeper: compliance review (DESIGN §3). Document checklist; prompt-injection attempts (reported
 * from intake's quarantine and from the visible text); cross-document consistency; refusal triggers by
 * provision from consistency, the strategist's rubric and the refusal's own grounds; compliance issues
 * (passport validity among them); outcome promises in the file; required fixes; and the legal
 * analysis (statutory bars, deadlines, forum and grounds of review) from the case-fact model.
 * Deterministic: the rule tables are data files.
 */
export const gatekeeperAgent: Agent<GatekeeperOutput> = {
  name: 'gatekeeper',
  gate: gatekeeperGate,
  async run(ctx) {
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const rules = bundledSeverityRules();
    const refusal = answersRefusal(intake, ctx.session.workflowType);
    const checklist = checkDocuments(intake.applicationType, intake.documents, intake.caseFacts?.application, { answersRefusal: refusal });
    const extracted = await loadExtractedDocuments(ctx.blobs, intake);
    const scan = scanDocuments(extracted);
    const injectionAttempts = scan.attempts;
    const docs = caseDocuments(extracted, intake.documents);

    const checkOptions = { applicationType: intake.applicationType, today: today(ctx.now()), ...(intake.caseFacts ? { facts: intake.caseFacts } : {}) };
    const consistency = checkConsistency(docs, rules, checkOptions);
    const passport = checkPassportValidity(docs, checkOptions);
    const outcomePromises = findOutcomePromises(docs);
    // Provisions, deadlines and grounds of review as rules over the case-fact model (lambdas/law/).
    const legal = runLegalAnalysis(intake, docs, ctx.session.workflowType, ctx.now());
    const strategist = await strategistOf(ctx);
    const refusalTriggers = mergeTriggers([
      ...consistency.triggers,
      ...(strategist ? strategistTriggers(strategist, extracted, rules) : []),
      ...refusalGroundTriggers(docs, ctx.session.workflowType, rules, intake.caseFacts),
    ]);
    const complianceIssues = [
      ...checklistIssues(checklist, rules),
      ...passportIssues(passport, rules),
      ...promiseIssues(outcomePromises, rules),
      ...injectionIssues(injectionAttempts, rules),
    ].sort(bySeverity);
    const fixes = requiredFixes([...consistency.fixes, ...complianceIssues.map((i) => ({ severity: i.severity, fix: i.requiredFix }))]);
    const consistencyFindings = [...consistency.findings].sort(bySeverity);

    // Ids and counts only: never excerpts, quotes, document names or any other text from the file.
    const byCategory: Record<string, number> = {};
    for (const a of injectionAttempts) byCategory[a.category] = (byCategory[a.category] ?? 0) + 1;
    logger.info('prompt-injection scan finished', {
      auditId: ctx.session.auditId,
      stage: ctx.stage.id,
      documentsScanned: scan.documentsScanned,
      injectionAttempts: injectionAttempts.length,
      byCategory,
    });
    const severities = (items: ReadonlyArray<{ severity: string }>) => Object.fromEntries(['critical', 'high', 'medium', 'low'].map((s) => [s, items.filter((i) => i.severity === s).length]));
    logger.info('gatekeeper review finished', {
      auditId: ctx.session.auditId,
      stage: ctx.stage.id,
      refusalTriggers: severities(refusalTriggers),
      consistencyFindings: consistencyFindings.map((f) => f.code),
      complianceIssues: complianceIssues.map((i) => i.code),
      outcomePromises: outcomePromises.length,
      quarantinedAttempts: scan.quarantined,
      strategistRead: strategist !== undefined,
      legal: legalCounts(legal),
    });

    return {
      output: { checklist, injectionAttempts, refusalTriggers, complianceIssues, consistencyFindings, requiredFixes: fixes, outcomePromises, ...(legal ? { legal } : {}) },
      status: gatekeeperStatus({
        refusalTriggers,
        consistencyFindings,
        complianceIssues,
        outcomePromises: outcomePromises.length,
        requiredMissing: checklist.missing.filter((m) => m.required).length,
        problemDocuments: checklist.problem.length,
        injectionAttempts: injectionAttempts.length,
      }),
    };
  },
  fallback(_ctx, error) {
    const row = bundledSeverityRules().compliance['gatekeeper-unavailable'];
    return {
      checklist: {
        applicationType: 'unknown',
        present: [],
        missing: [],
        problem: [{ item: 'checklist', label: 'Document checklist', required: true, documents: [], reason: `the checklist could not be run (${error.name}); review the documents manually` }],
        otherDocuments: [],
      },
      injectionAttempts: [],
      refusalTriggers: [],
      complianceIssues: [
        {
          code: 'gatekeeper-unavailable',
          severity: row.severity,
          message: `The gatekeeper could not run (${error.name}): refusal triggers, consistency, missing documents and prompt injection were not checked, so nothing in this file has been cleared.`,
          requiredFix: row.fix,
          documents: [],
        },
      ],
      consistencyFindings: [],
      requiredFixes: [],
      outcomePromises: [],
    };
  },
};
