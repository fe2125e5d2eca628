/** Every signal finder by the name a rubric factor uses (the type makes the table complete). */
import { documentsReadable } from './common/documentsReadable';
import { workExperienceRecord } from './economic/workExperienceRecord';
import { fundsProvenance } from './common/fundsProvenance';
import { homeTies } from './common/homeTies';
import { identityEstablished } from './common/identityEstablished';
import { priorRefusals } from './common/priorRefusals';
import type { FinderId } from './finderIds';
import { proceduralFairness } from './refusal/proceduralFairness';
import { reasonsReasonableness } from './refusal/reasonsReasonableness';
import { refusalGroundsRecord } from './refusal/refusalGroundsRecord';
import type { SignalFinder } from './signal';
import { answerConsistency } from './spousal/answerConsistency';
import { children } from './spousal/children';
import { cohabitation } from './spousal/cohabitation';
import { communication } from './spousal/communication';
import { convenienceSignals } from './spousal/convenienceSignals';
import { jointFinances } from './spousal/jointFinances';
import { knowledgeOfPartner } from './spousal/knowledgeOfPartner';
import { previousSponsorship } from './spousal/previousSponsorship';
import { relationshipHistory } from './spousal/relationshipHistory';
import { weddingFamily } from './spousal/weddingFamily';
import { careerStage } from './study/careerStage';
import { programFit } from './study/programFit';
import { studyPlanLogic } from './study/studyPlanLogic';
import { invitation } from './visitor/invitation';
import { travelHistory } from './visitor/travelHistory';
import { visitPurpose } from './visitor/visitPurpose';
import { jobOfferGenuineness } from './work/jobOfferGenuineness';
import { lmiaOrExemption } from './work/lmiaOrExemption';
import { qualificationsExperience } from './work/qualificationsExperience';
import { wageConsistency } from './work/wageConsistency';
import { workPermitForm } from './work/workPermitForm';

export const FINDERS: Record<FinderId, SignalFinder> = {
  'prior-refusals': priorRefusals,
  'home-ties': homeTies,
  'funds-provenance': fundsProvenance,
  'documents-readable': documentsReadable,
  'identity-established': identityEstablished,
  'relationship-history': relationshipHistory,
  cohabitation,
  'joint-finances': jointFinances,
  children,
  communication,
  'knowledge-of-partner': knowledgeOfPartner,
  'answer-consistency': answerConsistency,
  'wedding-family': weddingFamily,
  'previous-sponsorship': previousSponsorship,
  'convenience-signals': convenienceSignals,
  'study-plan-logic': studyPlanLogic,
  'program-fit': programFit,
  'career-stage': careerStage,
  'lmia-or-exemption': lmiaOrExemption,
  'job-offer-genuineness': jobOfferGenuineness,
  'qualifications-experience': qualificationsExperience,
  'wage-consistency': wageConsistency,
  'work-permit-form': workPermitForm,
  'visit-purpose': visitPurpose,
  'travel-history': travelHistory,
  invitation,
  'work-experience-record': workExperienceRecord,
  'refusal-grounds-record': refusalGroundsRecord,
  'procedural-fairness': proceduralFairness,
  'reasons-reasonableness': reasonsReasonableness,
};
