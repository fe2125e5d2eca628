import type { ApplicationType, DocumentType } from '../../contracts/intakeOutput';

/** One line of a document checklist: satisfied by any document of an accepted type. */
export interface ChecklistItem {
  id: string;
  label: string;
  accepts: DocumentType[];
  required: boolean;
  /** Why an officer expects it; shown when the item is missing. */
  why: string;
}

const passport: ChecklistItem = {
  id: 'passport',
  label: 'Passport (biographic page)',
  accepts: ['passport'],
  required: true,
  why: 'identity and travel document validity are checked for every application',
};
const familyInformation: ChecklistItem = {
  id: 'family-information',
  label: 'Family information form (IMM 5645 or IMM 5707)',
  accepts: ['imm-5645', 'imm-5707'],
  required: true,
  why: 'IRCC requires details of the applicant\'s family members',
};
const representative: ChecklistItem = {
  id: 'representative',
  label: 'Use of a Representative (IMM 5476), when a representative acts',
  accepts: ['imm-5476'],
  required: false,
  why: 'needed only if a consultant or lawyer represents the applicant',
};
const policeCertificate: ChecklistItem = {
  id: 'police-certificate',
  label: 'Police certificates',
  accepts: ['police-certificate'],
  required: false,
  why: 'often requested for each country where the applicant lived six months or more since age 18',
};
const medicalExam: ChecklistItem = {
  id: 'medical-exam',
  label: 'Immigration medical exam (upfront or when instructed)',
  accepts: ['medical-exam'],
  required: false,
  why: 'needed for stays over six months by residents of designated countries, and for some occupations',
};
const funds = (label: string, why: string): ChecklistItem => ({
  id: 'proof-of-funds',
  label,
  accepts: ['bank-statement', 'proof-of-funds', 'pay-stubs', 'tax-document'],
  required: true,
  why,
});

/** Document checklists per application type (applications made from outside Canada). */
export const CHECKLISTS: Record<ApplicationType, ChecklistItem[]> = {
  'study-permit': [
    { id: 'application-form', label: 'Application for a Study Permit (IMM 1294)', accepts: ['imm-1294'], required: true, why: 'the application form itself' },
    { id: 'letter-of-acceptance', label: 'Letter of acceptance from a designated learning institution', accepts: ['letter-of-acceptance'], required: true, why: 'a study permit needs acceptance by a DLI' },
    funds('Proof of financial support (bank statements, GIC, sponsor funds)', 'the officer must be satisfied the applicant can pay tuition and living costs'),
    passport,
    familyInformation,
    { id: 'study-plan', label: 'Study plan / letter of explanation', accepts: ['study-plan'], required: false, why: 'explains why this program, why Canada, and plans after studies' },
    { id: 'tuition-payment', label: 'Proof of tuition payment', accepts: ['tuition-receipt'], required: false, why: 'shows commitment and reduces the funds still needed' },
    policeCertificate,
    medicalExam,
    representative,
  ],
  'spousal-sponsorship': [
    { id: 'sponsorship-application', label: 'Application to Sponsor and Undertaking (IMM 1344)', accepts: ['imm-1344'], required: true, why: 'the sponsor\'s application and undertaking' },
    { id: 'relationship-information', label: 'Relationship Information and Sponsorship Evaluation (IMM 5532)', accepts: ['imm-5532'], required: true, why: 'the relationship questionnaire for both partners' },
    { id: 'background-declaration', label: 'Schedule A – Background/Declaration (IMM 5669)', accepts: ['imm-5669'], required: true, why: 'the applicant\'s history and declarations' },
    { id: 'marriage-certificate', label: 'Marriage certificate', accepts: ['marriage-certificate'], required: true, why: 'proof of the legal marriage for a spouse' },
    {
      id: 'relationship-evidence',
      label: 'Proof of a genuine relationship (photos, communication, wedding evidence)',
      accepts: ['relationship-photos', 'communication-records', 'wedding-evidence'],
      required: true,
      why: 'officers assess whether the relationship is genuine (IRPR 4(1))',
    },
    passport,
    { id: 'family-information', label: 'Family information form', accepts: ['imm-5645', 'imm-5707'], required: false, why: 'details of family members' },
    policeCertificate,
    medicalExam,
    representative,
  ],
  'work-permit': [
    { id: 'application-form', label: 'Application for a Work Permit (IMM 1295)', accepts: ['imm-1295'], required: true, why: 'the application form itself' },
    { id: 'job-offer', label: 'Job offer or employment contract', accepts: ['job-offer'], required: true, why: 'an employer-specific permit is tied to an offer of employment' },
    { id: 'lmia', label: 'Labour Market Impact Assessment (or the exemption relied on)', accepts: ['lmia'], required: true, why: 'most employer-specific permits need a positive LMIA' },
    { id: 'qualifications', label: 'Proof of qualifications and experience', accepts: ['employment-letter'], required: true, why: 'the officer checks the applicant can do the job' },
    passport,
    familyInformation,
    policeCertificate,
    medicalExam,
    representative,
  ],
  'visitor-visa': [
    { id: 'application-form', label: 'Application for a Temporary Resident Visa (IMM 5257)', accepts: ['imm-5257'], required: true, why: 'the application form itself' },
    passport,
    funds('Proof of funds for the stay', 'the officer must be satisfied the visit can be paid for'),
    { id: 'purpose-of-visit', label: 'Purpose of visit (invitation letter or itinerary)', accepts: ['invitation-letter', 'travel-itinerary'], required: true, why: 'shows why and how long the applicant will visit' },
    { id: 'ties-to-home', label: 'Ties to the home country (employment letter, property, family)', accepts: ['employment-letter', 'pay-stubs', 'tax-document'], required: false, why: 'supports that the applicant will leave at the end of the stay (IRPR 179(b))' },
    familyInformation,
    representative,
  ],
  'refusal-response': [
    { id: 'refusal-letter', label: 'Refusal letter', accepts: ['refusal-letter'], required: true, why: 'the decision being answered' },
    { id: 'gcms-notes', label: 'GCMS notes (officer\'s reasons)', accepts: ['gcms-notes'], required: true, why: 'the officer\'s actual reasons, obtained by an access-to-information request' },
    { id: 'submission-letter', label: 'Submission letter from counsel', accepts: ['submission-letter'], required: false, why: 'the response to the officer\'s concerns' },
    { id: 'original-application', label: 'The refused application form', accepts: ['imm-5257', 'imm-1294', 'imm-1295', 'imm-1344'], required: false, why: 'to compare what the officer had with what is filed now' },
    passport,
  ],
  unknown: [passport],
};
