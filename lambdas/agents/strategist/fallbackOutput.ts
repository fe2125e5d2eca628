/**
 * The Strategist's safe default when the analysis could not run: a score of 0 with low confidence
 * and a weakness that says why. It can never raise a score.
 */
import { StrategistOutput } from '../../contracts/strategistOutput';
import { ApplicationType } from '../../contracts/intakeOutput';
import type { Session } from '../../core/session/sessionSchema';

/** The intake's application type when its output is inline in the session; otherwise unknown. */
export function applicationTypeOf(session: Pick<Session, 'outputs'>): ApplicationType {
  const stored = session.outputs.intake;
  const inline = stored && 'inline' in stored ? stored.inline : undefined;
  const type = inline && typeof inline === 'object' ? (inline as { applicationType?: unknown }).applicationType : undefined;
  const parsed = ApplicationType.safeParse(type);
  return parsed.success ? parsed.data : 'unknown';
}

export function fallbackOutput(applicationType: ApplicationType, error: Pick<Error, 'name'>): StrategistOutput {
  const why = `The defensibility analysis could not run (${error.name}); no factor was assessed.`;
  return StrategistOutput.parse({
    applicationType,
    rubric: { id: 'fallback', version: '0' },
    factors: [],
    rubricScore: 0,
    modelAdjustment: null,
    defensibilityScore: 0,
    confidence: 'low',
    confidenceReason: why,
    rationale: `${why} The score of 0 is a placeholder, not an assessment; review the file manually.`,
    strengths: [],
    weaknesses: [{ text: `${why} Review the file manually before relying on this audit.` }],
    evidencePlan: { baseline: [], live: [], strategic: [] },
  });
}
