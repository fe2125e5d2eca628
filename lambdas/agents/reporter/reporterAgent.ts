import { reportPrefix } from '../../core/storage/objectKeys';
import type { Agent } from '../../core/stage/stageContract';
import type { GatekeeperOutput } from '../../contracts/gatekeeperOutput';
import type { ReporterOutput } from '../../contracts/reporterOutput';
import { MissingStageOutput } from '../../core/stage/stageErrors';
import type { IntakeOutput } from '../../contracts/intakeOutput';
import { renderReport } from './renderReport';
import { gateResultsFrom } from '../../core/gates/gateLog';
import type { DetectiveOutput } from '../../contracts/detectiveOutput';
import type { VerifierOutput } from '../../contracts/verifierOutput';
import type { ReportModel } from './reportModel';
import type { JudgeOutput } from '../../contracts/judgeOutput';
import type { StrategistOutput } from '../../contracts/strategistOutput';
import { assist, assistNote, withStatusNote } from '../../core/model/modelAssist';
import { modelUsageOf } from '../../core/model/accounting/modelUsageReport';
import { describeModelChoice } from '../../core/model/modelChoice';
import { writeOverview } from './overview';
import { toolVersions } from './toolVersions';
import { writeReportPdf } from './pdf/writeReportPdf';
import { reporterGate } from './reporterGate';

/**
 * Reporter: presentation only. Writes report.md, report.pdf and bundle.json under reports/<owner>/<caseId>/<auditId>/.
 * With a model configured, an overview paragraph written from the findings opens the report (the
 * reporter's gate checks it states the score and outcome unchanged and cites nothing unverified).
 */
export const reporterAgent: Agent<ReporterOutput> = {
  name: 'reporter',
  gate: reporterGate,
  async run(ctx) {
    const { session } = ctx;
    const intake = await ctx.outputOf<IntakeOutput>('intake');
    if (!intake) throw new MissingStageOutput(ctx.stage.id, 'intake');
    const has = (id: string) => ctx.workflow.stages.some((s) => s.id === id);
    const [gatekeeper, detective, verifier] = await Promise.all([
      has('gatekeeper') ? ctx.outputOf<GatekeeperOutput>('gatekeeper') : undefined,
      has('detective') ? ctx.outputOf<DetectiveOutput>('detective') : undefined,
      has('verifier') ? ctx.outputOf<VerifierOutput>('verifier') : undefined,
    ]);
    // The score and the verdict, exactly as their stages produced them (the reporter only presents them).
    const [strategist, judge] = await Promise.all([
      has('strategist') ? ctx.outputOf<StrategistOutput>('strategist') : undefined,
      has('judge') ? ctx.outputOf<JudgeOutput>('judge') : undefined,
    ]);
    const generatedAt = ctx.now().toISOString();
    const model: ReportModel = {
      session,
      workflowTitle: ctx.workflow.title,
      reportDepth: ctx.tierFeatures.reportDepth,
      maxCitations: ctx.tierFeatures.maxCitations,
      generatedAt,
      intake,
      gatekeeper,
      detective,
      verifier,
      strategist,
      judge,
      stageStatus: { ...session.stageStatus, [ctx.stage.id]: 'ok' },
    };
    const overview = await assist(ctx, 'overview', (m) => writeOverview(m, model));
    if (overview.kind === 'used') model.overview = overview.value;
    const status = withStatusNote('ok', assistNote(overview, 'overview written'));
    model.stageStatus[ctx.stage.id] = status;
    const prefix = reportPrefix(session.owner, session.caseId, session.auditId);
    const reports: ReporterOutput['reports'] = { markdown: `${prefix}report.md`, bundle: `${prefix}bundle.json`, pdf: null };
    const markdown = renderReport(model);
    await ctx.blobs.put(reports.markdown, markdown, 'text/markdown; charset=utf-8');
    // report.pdf: the same report, read from the Markdown above (pdf/); if it cannot be rendered, the status says so.
    const pdf = await writeReportPdf(ctx.blobs, `${prefix}report.pdf`, model, markdown);
    reports.pdf = pdf.key;
    model.stageStatus[ctx.stage.id] = withStatusNote(model.stageStatus[ctx.stage.id], pdf.note);

    const outputs: Record<string, unknown> = {};
    for (const stageId of session.completedStages) outputs[stageId] = await ctx.outputOf(stageId);
    const events = await ctx.store.listEvents(session.auditId);
    // This stage's own model calls are added to the session's totals only once it completes: count them here.
    const modelUsage = modelUsageOf(session, events, { stage: ctx.stage.id, usage: ctx.model?.usage() }, ctx.tierFeatures.modelBudget);
    await ctx.blobs.putJson(reports.bundle, {
      auditId: session.auditId,
      caseId: session.caseId,
      workflowType: session.workflowType,
      tier: session.tier,
      analysisMode: session.model === 'none' ? 'rules only' : describeModelChoice(session.model),
      generatedAt,
      request: { caseId: session.caseId, workflowType: session.workflowType, tier: session.tier, model: session.model, gateMode: session.gateMode },
      tools: toolVersions(strategist?.rubric),
      stageStatus: model.stageStatus,
      stageTimings: session.stageTimings,
      verificationIterations: session.verificationIterations,
      usage: modelUsage.total,
      modelUsage,
      outputs,
      transparencyLog: events,
      gates: gateResultsFrom(events),
    });
    return { output: { reports }, status: model.stageStatus[ctx.stage.id] };
  },
};
