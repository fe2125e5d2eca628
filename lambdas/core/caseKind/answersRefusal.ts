/**
 * Whether an audit answers a refusal: the refusal-analysis workflow says so; in the other workflows the
 * intake's refusal mark does, or (in the checklist and guidance workflows, which do not say) facts
 * showing a Canadian refusal of this application, as the legal rules read it (`isRefusalFile`); and,
 * for audits stored before the mark existed, the old 'refusal-response' type. The refusal rubric, the
 * refusal checklist and the refusal research follow from this, while the application type stays the
 * kind of application that was refused.
 */
import type { ApplicationType, IntakeResult } from '../../contracts/intakeOutput';
import { answersARefusal } from '../../law/caseInput';

export type RefusalSignals = Pick<IntakeResult, 'applicationType' | 'refusal'> & { caseFacts?: { application: { isRefusal: boolean } } };

export const answersRefusal = (intake: RefusalSignals, workflowType?: string): boolean =>
  answersARefusal({ workflowType, marked: intake.refusal !== undefined, applicationType: intake.applicationType, factsShowRefusal: intake.caseFacts?.application.isRefusal === true });

/** The refused kind for type-specific grounds: an old 'refusal-response' audit did not keep it. */
export const refusedKindOf = (type: ApplicationType): ApplicationType => (type === 'refusal-response' ? 'unknown' : type);
