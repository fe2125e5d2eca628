/**
 * Recognises the application type of a case file from its classified documents: application forms
 * weigh most, characteristic supporting documents less. A refusal letter with a request to respond,
 * reconsider or seek judicial review (or with no new application) marks the file as answering a
 * refusal; its type is then the kind of application that was refused, read the same way, because the
 * grounds and the forum depend on it (a study permit refusal is not a spousal one).
 */
import type { ClassifiedDocument } from './classifyDocument';
import { hasText } from '../../../core/caseText/hasText';
import { decidedByAnotherCountry } from './typing/foreignDecision';
import type { ApplicationType, DocumentType, ExtractedDocument, RefusalFile } from '../../../contracts/intakeOutput';

export interface ApplicationTypeDecision {
  type: ApplicationType;
  reason: string;
  /** Present when the file answers a refusal: `type` is then the refused application's kind. */
  refusal?: RefusalFile;
}

type Scored = Exclude<ApplicationType, 'refusal-response' | 'unknown'>;

/** Points each document type gives to an application type. */
const WEIGHTS: Partial<Record<DocumentType, Partial<Record<Scored, number>>>> = {
  'imm-1344': { 'spousal-sponsorship': 10 },
  'imm-5532': { 'spousal-sponsorship': 10 },
  'imm-1294': { 'study-permit': 10 },
  'imm-1295': { 'work-permit': 10 },
  'imm-5257': { 'visitor-visa': 6 },
  'marriage-certificate': { 'spousal-sponsorship': 3 },
  'wedding-evidence': { 'spousal-sponsorship': 2 },
  'relationship-photos': { 'spousal-sponsorship': 2 },
  'communication-records': { 'spousal-sponsorship': 2 },
  'letter-of-acceptance': { 'study-permit': 5 },
  'study-plan': { 'study-permit': 3 },
  'tuition-receipt': { 'study-permit': 3 },
  'lmia': { 'work-permit': 5 },
  'job-offer': { 'work-permit': 4 },
  'invitation-letter': { 'visitor-visa': 3 },
  'travel-itinerary': { 'visitor-visa': 2 },
  'imm-0008': { 'permanent-residence': 10 },
  'invitation-to-apply': { 'permanent-residence': 8 },
  'express-entry-profile': { 'permanent-residence': 8 },
  'educational-credential-assessment': { 'permanent-residence': 2 },
};

/** Phrases anywhere in the file that name the application (weaker than documents). */
const PHRASES: { type: Scored; pattern: RegExp; label: string }[] = [
  { type: 'spousal-sponsorship', pattern: /\b(?:spous(?:al|e) (?:sponsorship|application)|sponsor(?:ing|ship of) (?:my|his|her|their|the) (?:wife|husband|spouse|partner))/i, label: 'mentions a spousal sponsorship' },
  { type: 'study-permit', pattern: /\bstudy permit\b/i, label: 'mentions a study permit' },
  { type: 'work-permit', pattern: /\bwork permit\b/i, label: 'mentions a work permit' },
  { type: 'visitor-visa', pattern: /\b(?:visitor visa|temporary resident visa|\bTRV\b)/i, label: 'mentions a visitor visa' },
  {
    type: 'permanent-residence',
    pattern:
      /\b(?:express entry|entrée express|canadian experience class|federal skilled (?:worker|trades)|catégorie de l['’]expérience canadienne|travailleurs (?:qualifiés|de métiers spécialisés) \(fédéral\)|métiers spécialisés \(fédéral\))/i,
    label: 'names an Express Entry class',
  },
];
const PHRASE_WEIGHT = 2;

/** A request to respond to, reconsider or challenge a refusal (not a mere mention of the law). */
const RESPONSE_CONTEXT = [
  /\breconsideration\b|\b(?:request|ask|seek)\w*\b[^.]{0,80}\breconsider\b/i,
  /\b(?:application for |seek(?:ing)? )?leave (?:and|for) judicial review\b/i,
  /\bjudicial review\b[^.]{0,80}\b(?:refusal|decision)\b|\b(?:refusal|decision)\b[^.]{0,80}\bjudicial review\b/i,
  /\b(?:respond(?:ing)? to|challeng(?:e|ing)|appeal(?:ing)?|contest(?:ing)?)\b[^.]{0,40}\b(?:the|this|that) (?:refusal|negative decision)\b/i,
];

const APPLICATION_NAMES: Record<ApplicationType, string> = {
  'spousal-sponsorship': 'spousal sponsorship',
  'study-permit': 'study permit',
  'work-permit': 'work permit',
  'visitor-visa': 'visitor visa',
  'permanent-residence': 'permanent residence',
  'refusal-response': 'refusal response',
  unknown: 'unknown',
};

const FORMS: DocumentType[] = ['imm-1344', 'imm-5532', 'imm-1294', 'imm-1295', 'imm-5257', 'imm-0008'];

function describe(type: DocumentType): string {
  return type.startsWith('imm-') ? `IMM ${type.slice(4)}` : type.replace(/-/g, ' ');
}

function textOf(doc: ExtractedDocument): string {
  return doc.pages.filter((p) => hasText(p.text)).map((p) => p.text).join('\n');
}

function refusalResponse(docs: ClassifiedDocument[]): RefusalFile | undefined {
  // Another country's refusal (a 214(b) or Schengen notice) is history, not the decision a refusal file answers.
  const refusals = docs.filter((d) => d.type === 'refusal-letter' && !decidedByAnotherCountry(textOf(d.doc)));
  if (refusals.length === 0) return undefined;
  const letters = refusals.map((r) => r.doc.name).join(', ');
  // The refusal letter itself may mention the Federal Court; the request must come from another document.
  const request = docs.find((d) => d.type !== 'refusal-letter' && RESPONSE_CONTEXT.some((p) => p.test(textOf(d.doc))));
  if (request) {
    return { reason: `refusal letter (${letters}) with a request to respond, reconsider or seek judicial review (in ${request.doc.name})` };
  }
  if (!docs.some((d) => FORMS.includes(d.type))) {
    return { reason: `refusal letter (${letters}) and no new application forms` };
  }
  return undefined;
}

export function recognizeApplicationType(docs: ClassifiedDocument[]): ApplicationTypeDecision {
  const kind = recognizeKind(docs);
  const refusal = refusalResponse(docs);
  if (!refusal) return kind;
  return { type: kind.type, reason: `refused application: ${kind.reason}`, refusal };
}

/** The kind of application the documents and the file's wording point to (for a refusal, the refused one). */
function recognizeKind(docs: ClassifiedDocument[]): ApplicationTypeDecision {
  const scores = new Map<Scored, { score: number; because: Map<string, number> }>();
  const add = (type: Scored, points: number, because: string) => {
    const entry = scores.get(type) ?? { score: 0, because: new Map<string, number>() };
    entry.score += points;
    entry.because.set(because, (entry.because.get(because) ?? 0) + points);
    scores.set(type, entry);
  };
  for (const { type } of docs) {
    for (const [app, points] of Object.entries(WEIGHTS[type] ?? {}) as [Scored, number][]) {
      add(app, points, FORMS.includes(type) ? `form ${describe(type)}` : describe(type));
    }
  }
  const allText = docs.map((d) => textOf(d.doc)).join('\n');
  for (const phrase of PHRASES) if (phrase.pattern.test(allText)) add(phrase.type, PHRASE_WEIGHT, phrase.label);
  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score);
  if (ranked.length === 0) {
    return { type: 'unknown', reason: 'no application forms or characteristic documents found' };
  }
  const [[type, top], second] = ranked;
  if (second && second[1].score === top.score) {
    return {
      type: 'unknown',
      reason: `ambiguous: ${APPLICATION_NAMES[type]} and ${APPLICATION_NAMES[second[0]]} are equally supported`,
    };
  }
  const because = [...top.because.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => label);
  return { type, reason: `${APPLICATION_NAMES[type]}: ${because.join(', ')}` };
}
