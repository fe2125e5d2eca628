import * as z from 'zod';
import { Severity, type VerificationState } from '../../contracts/findings';
import { StrategistOutput } from '../../contracts/strategistOutput';
import type { AgentContext } from '../../core/stage/stageContract';
import type { Session } from '../../core/session/sessionSchema';
import type { DecisionInputs, DecisionNames } from './rationaleTemplate';
import { LegalAnalysis } from '../../contracts/legalAnalysis';
import { legalInputs, triggerName } from './legalInputs';
import { gatekeeperReviewed } from './decide';
import { DeterministicError } from '../../core/errors/deterministicError';

/** The gatekeeper listed refusal triggers the judge cannot count; deciding without them could invent a verdict. */
export class UnreadableRefusalTriggers extends DeterministicError {
  override readonly name = 'UnreadableRefusalTriggers';
}

/** The gatekeeper listed compliance issues the judge cannot count; deciding without them could clear a file that must change. */
export class UnreadableComplianceIssues extends DeterministicError {
  override readonly name = 'UnreadableComplianceIssues';
}

export interface GatheredInputs {
  inputs: DecisionInputs;
  /** The findings behind the counts, in legal words, for the rationale. */
  names: DecisionNames;
  /** Plain sentences about inputs that were missing or degraded (never any text from the documents). */
  notes: string[];
}

const StrategistScore = StrategistOutput.shape.defensibilityScore;
const StrategistConfidence = StrategistOutput.shape.confidence;
/** Only the severity matters for counting (triggers and compliance issues alike); other fields are the gatekeeper's contract, not the judge's. */
const CountableBySeverity = z.array(z.looseObject({ severity: Severity, provision: z.string().optional(), source: z.string().optional(), summary: z.string().optional() }));
/** Triggers raised from the refusal's own grounds (gatekeeper `refusalGrounds.ts`). */
export const CHALLENGED_SOURCE = 'refusal-grounds';
/** Compliance issues of these severities block a go-ahead to file. */
const BLOCKING: ReadonlyArray<Severity> = ['critical', 'high'];

/**
 * What a missing gatekeeper output counts as: one blocking compliance issue, "gatekeeper review
 * unavailable" (the one the gatekeeper's own safe default records when it cannot run). Nobody checked
 * the file for refusal triggers, missing documents or inconsistencies, so nothing may clear it to be
 * filed: PROCEED, GO and APPROVE each require no blocking compliance issue (DESIGN §5: a missing stage
 * output degrades to a default that can never help the file).
 */
export const GATEKEEPER_UNAVAILABLE_ISSUES = 1;

const firstProblem = (error: z.ZodError, field: string) => {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || field}: ${first.message}` : 'not a list';
};

/** The verifier's latest result as the judge reads it: PASS, FAILED → INCOMPLETE, never run → NOT_RUN. */
export function verificationStateOf(session: Pick<Session, 'verificationStatus'>): VerificationState {
  if (session.verificationStatus === 'PASS') return 'PASS';
  if (session.verificationStatus === 'FAILED') return 'INCOMPLETE';
  return 'NOT_RUN';
}

const degraded = (session: Session, stage: string) => session.stageStatus[stage]?.startsWith('failed:') ?? false;

/**
 * Reads what the judge decides over from the audit: the strategist's score and confidence, the
 * gatekeeper's refusal triggers by severity and its critical or high compliance issues, and the
 * verifier's status. Missing inputs are read in the most cautious way (no score → 0, no confidence →
 * low, no gatekeeper output → one blocking compliance issue) and each one is named in `notes`; a
 * gatekeeper output without a list of compliance issues counts none, and says so.
 */
export async function gatherJudgeInputs(ctx: AgentContext): Promise<GatheredInputs> {
  const notes: string[] = [];
  const [strategist, gatekeeper] = await Promise.all([
    ctx.outputOf<Partial<Record<keyof StrategistOutput, unknown>>>('strategist'),
    ctx.outputOf<{ refusalTriggers?: unknown; complianceIssues?: unknown; legal?: unknown }>('gatekeeper'),
  ]);
  const names: DecisionNames = {};
  const refusalAnalysis = ctx.workflow.type === 'refusal-analysis';

  let defensibilityScore: number | null = null;
  let confidence: DecisionInputs['confidence'] = null;
  if (!strategist) {
    notes.push('The strategist produced no output, so the defensibility score counts as 0 and the confidence as low.');
  } else {
    const score = StrategistScore.safeParse(strategist.defensibilityScore);
    const conf = StrategistConfidence.safeParse(strategist.confidence);
    if (score.success) defensibilityScore = score.data;
    else notes.push("The strategist's output has no usable defensibility score, so the score counts as 0.");
    if (conf.success) confidence = conf.data;
    else notes.push("The strategist's output has no usable confidence, so it counts as low.");
  }
  if (degraded(ctx.session, 'strategist')) notes.push('The strategist stage did not complete normally; its output is a safe default.');

  let criticalTriggers = 0;
  let highTriggers = 0;
  let challengedGrounds: DecisionInputs['challengedGrounds'];
  if (!gatekeeper) {
    notes.push(
      'The gatekeeper produced no output, so the file was not checked for refusal triggers, missing documents or inconsistencies: ' +
        'none were counted, and the missing review counts as 1 blocking compliance issue (gatekeeper review unavailable), so the file cannot be cleared to go ahead.',
    );
  } else if (gatekeeper.refusalTriggers === undefined) {
    notes.push('The gatekeeper reported no list of refusal triggers, so none were counted.');
  } else {
    const triggers = CountableBySeverity.safeParse(gatekeeper.refusalTriggers);
    if (!triggers.success) {
      throw new UnreadableRefusalTriggers(
        `the gatekeeper's refusal triggers cannot be counted (${firstProblem(triggers.error, 'refusalTriggers')}); the judge will not decide without them`,
      );
    }
    // In a refusal analysis the refusal's own grounds are what the challenge answers, not findings against it.
    const challenged = refusalAnalysis ? triggers.data.filter((t) => t.source === CHALLENGED_SOURCE) : [];
    const against = triggers.data.filter((t) => !challenged.includes(t));
    const critical = against.filter((t) => t.severity === 'critical');
    const high = against.filter((t) => t.severity === 'high');
    criticalTriggers = critical.length;
    highTriggers = high.length;
    names.critical = critical.map(triggerName);
    names.high = high.map(triggerName);
    if (refusalAnalysis) {
      challengedGrounds = {
        critical: challenged.filter((t) => t.severity === 'critical').length,
        high: challenged.filter((t) => t.severity === 'high').length,
      };
      names.challenged = challenged.filter((t) => t.severity === 'critical' || t.severity === 'high').map(triggerName);
    }
  }
  let blockingComplianceIssues = gatekeeper ? 0 : GATEKEEPER_UNAVAILABLE_ISSUES;
  if (gatekeeper && gatekeeper.complianceIssues === undefined) {
    notes.push('The gatekeeper reported no list of compliance issues, so none were counted as blocking (0).');
  } else if (gatekeeper) {
    const issues = CountableBySeverity.safeParse(gatekeeper.complianceIssues);
    if (!issues.success) {
      throw new UnreadableComplianceIssues(
        `the gatekeeper's compliance issues cannot be counted (${firstProblem(issues.error, 'complianceIssues')}); the judge will not decide without them`,
      );
    }
    blockingComplianceIssues = issues.data.filter((i) => BLOCKING.includes(i.severity)).length;
  }
  if (degraded(ctx.session, 'gatekeeper')) notes.push('The gatekeeper stage did not complete normally; its findings may be incomplete.');
  const reviewed = gatekeeperReviewed(ctx.session, gatekeeper);
  if (!reviewed) notes.push('Without a complete gatekeeper review, the decision table gives no go-ahead.');

  let legal: LegalAnalysis | undefined;
  if (gatekeeper?.legal !== undefined) {
    const parsed = LegalAnalysis.safeParse(gatekeeper.legal);
    if (parsed.success) legal = parsed.data;
    else notes.push("The gatekeeper's legal analysis could not be read, so no statutory bar, deadline or ground of review was counted.");
  }
  const fromLaw = legalInputs(legal, refusalAnalysis);
  Object.assign(names, fromLaw.names);
  const applicationType = await applicationTypeOf(ctx);
  const evidencedShare = evidencedShareOf(strategist?.factors);

  return {
    names,
    inputs: {
      ...fromLaw.inputs,
      ...(challengedGrounds ? { challengedGrounds } : {}),
      // A refusal analysis is scored on the refusal rubric (chosen by workflow) whatever kind was refused:
      // an unrecognised refused kind drops only the kind's own grounds, not the rubric.
      ...(applicationType ? { applicationTypeKnown: refusalAnalysis || applicationType !== 'unknown' } : {}),
      ...(evidencedShare === undefined ? {} : { evidencedShare }),
      defensibilityScore,
      confidence,
      criticalTriggers,
      highTriggers,
      blockingComplianceIssues,
      verification: verificationStateOf(ctx.session),
      ...(reviewed ? {} : { gatekeeperReviewed: false as const }),
    },
    notes,
  };
}

/** The application type intake recognised, when intake's output says. */
async function applicationTypeOf(ctx: AgentContext): Promise<string | undefined> {
  const intake = await ctx.outputOf<{ applicationType?: unknown }>('intake');
  return typeof intake?.applicationType === 'string' ? intake.applicationType : undefined;
}

const Factors = z.array(z.looseObject({ weight: z.number().positive(), rating: z.string() }));

/** The share of the rubric's weight whose factor rests on evidence (not `no-evidence`), or undefined without factors. */
export function evidencedShareOf(factors: unknown): number | undefined {
  const parsed = Factors.safeParse(factors);
  if (!parsed.success || parsed.data.length === 0) return undefined;
  const total = parsed.data.reduce((sum, f) => sum + f.weight, 0);
  const evidenced = parsed.data.filter((f) => f.rating !== 'no-evidence').reduce((sum, f) => sum + f.weight, 0);
  return Math.round((evidenced / total) * 100) / 100;
}
