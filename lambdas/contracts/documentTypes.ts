import * as z from 'zod';

/** Document types the classifier recognises. `imm-XXXX` are IRCC forms by number. */
export const DOCUMENT_TYPES = [
  'imm-5257', // Application for Temporary Resident Visa
  'imm-1294', // Application for Study Permit Made Outside of Canada
  'imm-1295', // Application for Work Permit Made Outside of Canada
  'imm-1344', // Application to Sponsor, Sponsorship Agreement and Undertaking
  'imm-5532', // Relationship Information and Sponsorship Evaluation
  'imm-5645', // Family Information
  'imm-5669', // Schedule A – Background/Declaration
  'imm-5476', // Use of a Representative
  'imm-5707', // Family information (temporary residence)
  'imm-0008', // Generic Application Form for Canada (permanent residence)
  'marriage-certificate',
  'bank-statement',
  'refusal-letter',
  'gcms-notes',
  'letter-of-acceptance',
  'caq', // Certificat d'acceptation du Québec (IRPR 216(3): a study permit for Quebec needs it)
  'job-offer',
  'lmia',
  'passport',
  'submission-letter',
  'employment-letter',
  'relationship-photos',
  'communication-records',
  'proof-of-funds',
  'tuition-receipt',
  'study-plan',
  'travel-itinerary',
  'invitation-letter',
  'police-certificate',
  'medical-exam',
  'birth-certificate',
  'tax-document',
  'pay-stubs',
  'wedding-evidence',
  // Express Entry (permanent residence, economic classes)
  'invitation-to-apply', // an Express Entry invitation to apply for permanent residence
  'express-entry-profile', // the Express Entry profile or its submission confirmation
  'language-test-results', // IELTS, CELPIP, TEF Canada, TCF Canada (IRPR 74(3): designated tests)
  'educational-credential-assessment', // an ECA by a designated organisation (IRPR 75(4))
  'other',
] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;
