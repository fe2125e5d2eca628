import * as z from 'zod';
import { DocumentType } from './documentTypes';
import { Evidence } from './evidence';

/**
 * The case-fact model: what the file says, read once (by the rules reader and, when configured, a
 * model) and used by every later stage. Facts only, never legal conclusions: whether a fact engages
 * a provision is decided by the rules downstream. Every fact carries the evidence it was read from
 * (a quote verbatim in the document's extracted text) and how sure the reader is.
 */

/** Who read the fact: the deterministic reader, a language model (quote verified), or either from OCR text. */
export const FactSource = z.enum(['rules', 'model', 'ocr']);
export type FactSource = z.infer<typeof FactSource>;

/** 0–1. Below 0.5 the fact is a lead to check, not something to rely on. */
export const Confidence = z.number().min(0).max(1);

/** Fields every fact has. */
const factBase = {
  evidence: Evidence,
  confidence: Confidence,
  source: FactSource,
};

export const LANGUAGES = ['en', 'fr', 'other', 'unknown'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/**
 * A date as the document gives it: `iso` is `YYYY`, `YYYY-MM` or `YYYY-MM-DD` by precision. A
 * numeric date the document's locale cannot settle (03/04/2021 in a file with no other cue) is
 * `ambiguous`, with both readings.
 */
export const FactDate = z.strictObject({
  iso: z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/),
  precision: z.enum(['year', 'month', 'day']),
  ambiguous: z.array(z.string()).optional(),
});
export type FactDate = z.infer<typeof FactDate>;

export const PARTY_ROLES = ['applicant', 'sponsor', 'spouse-or-partner', 'previous-spouse', 'employer', 'school', 'inviter', 'counsel', 'officer', 'other'] as const;
export const PartyRole = z.enum(PARTY_ROLES);
export type PartyRole = z.infer<typeof PartyRole>;

export const Party = z.strictObject({
  role: PartyRole,
  name: z.string().min(1),
  ...factBase,
});
export type Party = z.infer<typeof Party>;

export const APPLICATION_KINDS = [
  'spousal-sponsorship',
  'common-law-sponsorship',
  'conjugal-sponsorship',
  'study-permit',
  'work-permit',
  'visitor-visa',
  'super-visa',
  'permanent-residence',
  'unknown',
] as const;
export const ApplicationKind = z.enum(APPLICATION_KINDS);
export type ApplicationKind = z.infer<typeof ApplicationKind>;

/**
 * Sub-kinds the rules need: `quebec-caq` (a Quebec study permit), `lmia`, `lmia-exempt:<basis>`
 * (`intra-company-transferee`, `pgwp`, `iec`, `cusma-professional`, `open-spousal`, …), `express-entry:<class>`
 * (`cec`, `fsw`, `fst`), `inland`/`outland` for spousal files.
 */
export const Application = z.strictObject({
  kind: ApplicationKind,
  subKinds: z.array(z.string()),
  /** Why this kind (and, for `unknown`, why nothing more could be said). */
  reason: z.string(),
  applicantLocation: z.enum(['inside-canada', 'outside-canada', 'unknown']),
  /** A refusal file: the decision is what is being answered. */
  isRefusal: z.boolean(),
  evidence: z.array(Evidence),
  confidence: Confidence,
});
export type Application = z.infer<typeof Application>;

export const EVENT_KINDS = [
  'first-contact',
  'first-meeting',
  'cohabitation-start',
  'cohabitation-end',
  'engagement',
  'marriage',
  'divorce',
  'previous-sponsorship',
  'sponsored-person-landed',
  'entry',
  'overstay',
  'removal-order',
  'refusal',
  'charge',
  'conviction',
  'acquittal',
  'employment',
  'study',
  'travel',
  'application',
  'decision',
  'notification',
  // Status events (read by intake/reading/readStatusEvents.ts) the legal rules count from:
  'landed-as-sponsored-partner', // the sponsor's own landing as a sponsored spouse or partner (IRPR 130(3))
  'invitation-to-apply', // an Express Entry invitation to apply for permanent residence
  'passport-expiry', // the day a passport expires (`date`)
  'caq-issued', // a Certificat d'acceptation du Québec issued (IRPR 216(3))
  'language-test', // a language test's results: `detail` names the test and the four abilities' scores as printed
] as const;
export const EventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

export const TimelineEvent = z.strictObject({
  kind: EventKind,
  /** Whose event (a refusal of the sponsor's brother is `other`). */
  person: PartyRole,
  date: FactDate.optional(),
  /** Periods (employment, study, cohabitation, an overstay): when it ended, if it did. */
  end: FactDate.optional(),
  /** Country where it happened (refusals, entries, travel), as the document names it. */
  country: z.string().optional(),
  /** Short detail the rules use: a refusal's ground or section, an offence, a job title, a program. */
  detail: z.string().optional(),
  ...factBase,
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** The questions of IRCC forms the rules compare with the record. */
export const DECLARATION_TOPICS = [
  'prior-refusal', // refused a visa or permit, denied entry or ordered to leave (any country)
  'criminality', // committed, arrested, charged with or convicted of an offence (any country)
  'overstay', // remained beyond authorized stay / worked or studied without authorization
  'previous-marriage', // previously married or in a common-law relationship
  'previous-sponsorship', // sponsor: previously sponsored a spouse or partner
  'removal', // ever been removed or deported
  'medical', // tuberculosis, serious disorder
  'military', // military or police service, government positions
  'relationship-for-status', // the relationship was entered into primarily to acquire status (IRPR 4(1)(a)); `yes` is an admission
] as const;
export const DeclarationTopic = z.enum(DECLARATION_TOPICS);
export type DeclarationTopic = z.infer<typeof DeclarationTopic>;

/**
 * What a criminality question asks about: a past charge (IMM 5257 "ever … been arrested for, been
 * charged with"), only a charge still pending (IMM 5669 "are you currently charged with"), or a
 * conviction. A charge that ended in an acquittal contradicts a "No" only to the first.
 */
export const CRIMINALITY_SCOPES = ['charge', 'pending-charge', 'conviction'] as const;
export type CriminalityScope = (typeof CRIMINALITY_SCOPES)[number];

export const Declaration = z.strictObject({
  topic: DeclarationTopic,
  person: PartyRole,
  /** `yes` with details is a disclosure, not an admission against the form. */
  answer: z.enum(['yes', 'no']),
  details: z.string().optional(),
  /** Criminality only: what the question (or sworn statement) asks about, from its wording. */
  asks: z.array(z.enum(CRIMINALITY_SCOPES)).optional(),
  /** The form or declaration it was made on (e.g. `IMM 5257`, `statutory declaration`). */
  madeIn: z.string().optional(),
  /** The day the document it was made in was signed or declared (its signature's date line), when it says. */
  signed: FactDate.optional(),
  ...factBase,
});
export type Declaration = z.infer<typeof Declaration>;

export const MONEY_KINDS = ['balance', 'deposit', 'salary', 'tuition', 'payment', 'income', 'gift', 'loan', 'other'] as const;
export const Money = z.strictObject({
  kind: z.enum(MONEY_KINDS),
  amount: z.number().nonnegative(),
  /** ISO 4217 (`CAD`, `USD`, `EUR`, `INR`, `KES`, `PHP`, …); `XXX` when the document names none. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** For salaries and wages. */
  per: z.enum(['hour', 'week', 'month', 'year']).optional(),
  date: FactDate.optional(),
  /** Where it came from or whose it is, as the document says it. */
  from: z.string().optional(),
  ...factBase,
});
export type Money = z.infer<typeof Money>;

export const OFFICER_FINDING_KINDS = [
  'ground', // a ground of refusal, by provision or topic
  'document-absent', // the officer says a document or evidence was not provided
  'extrinsic-evidence', // the officer relied on information from outside the application
  'fairness-letter-sent', // a procedural-fairness letter was sent
  'fairness-letter-not-sent', // the record says none was sent
] as const;
export const OfficerFinding = z.strictObject({
  kind: z.enum(OFFICER_FINDING_KINDS),
  /** The provision (`IRPA 40(1)(a)`, `IRPR 216(1)(b)`) or topic (`funds`, `ties`, `purpose`, `genuineness`). */
  subject: z.string(),
  ...factBase,
});
export type OfficerFinding = z.infer<typeof OfficerFinding>;

/** How one document was read. */
export const DocumentReading = z.strictObject({
  docId: z.string(),
  type: DocumentType,
  /** 0–1; below 0.6 the type is a guess and `other` is used instead of a confident wrong type. */
  typeConfidence: Confidence,
  /** The signals behind the type (form number, title, issuing body, vocabulary); never quotes. */
  typeSignals: z.array(z.string()),
  language: Language,
  /** The document's own date (a letter's "Date:" line or the day at the head of it), when it gives one. */
  dated: FactDate.optional(),
});
export type DocumentReading = z.infer<typeof DocumentReading>;

/** Two readings of one thing that disagree; kept side by side with both quotes, never resolved silently. */
export const FactConflict = z.strictObject({
  topic: z.string(),
  readings: z.array(z.strictObject({ value: z.string(), evidence: Evidence, source: FactSource })).min(2),
});
export type FactConflict = z.infer<typeof FactConflict>;

export const CaseFacts = z.strictObject({
  documents: z.array(DocumentReading),
  parties: z.array(Party),
  application: Application,
  timeline: z.array(TimelineEvent),
  declarations: z.array(Declaration),
  money: z.array(Money),
  officerFindings: z.array(OfficerFinding),
  conflicts: z.array(FactConflict),
});
export type CaseFacts = z.infer<typeof CaseFacts>;

/** The fact kinds the reading score is reported by. */
export const FACT_KINDS = ['party', 'application', 'event', 'declaration', 'money', 'officer-finding'] as const;
export type FactKind = (typeof FACT_KINDS)[number];
