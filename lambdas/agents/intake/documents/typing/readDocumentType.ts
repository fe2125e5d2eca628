/**
 * Types one extracted document by weighing evidence: its IRCC form number and form title, the
 * vocabulary of each kind of document in English and French (title lines count most, evidence
 * against counts too), its layout, and weakly its file name. The type comes with a confidence that is
 * high only when the evidence is strong and no other type comes close; when nothing is
 * characteristic the document is `other` with a low confidence. A document in neither English nor
 * French is typed by its form number, layout and a civil-status certificate's own title only, or marked
 * `unsupported language`. A refusal that names no Canadian authority is another country's: still a
 * refusal letter (the one type the contracts give a refusal), with a signal that says so.
 */
import type { DocumentType, ExtractedDocument } from '../../../../contracts/intakeOutput';
import { documentLanguage } from '../../reading/documentLanguage';
import { documentText, fileNameWords } from './documentText';
import { decidedByAnotherCountry } from './foreignDecision';
import { foreignTitleEvidence } from './foreignTitles';
import { formEvidence, formNamedBy } from './formEvidence';
import { layoutCues } from './layoutCues';
import { typeEvidence } from './typeEvidence';
import type { TypingCandidate } from './typingCandidate';

export interface DocumentTyping {
  type: DocumentType;
  /** 0..1: at 0.6 or more the type is meant never to be wrong. */
  confidence: number;
  /** Why, in our own words: the decision first, then the evidence for it. */
  signals: string[];
}

/** Below this score nothing is characteristic enough to name a type. */
const MIN_SCORE = 5;
/** The score at which evidence alone is worth half the confidence. */
const HALF_STRENGTH = 10;
const UNSURE = 0.3;
const FILE_NAME_ONLY = 0.4;
const UNSUPPORTED = 0.15;

const round = (x: number) => Math.round(x * 100) / 100;

function ranked(candidates: TypingCandidate[]): TypingCandidate[] {
  return [...candidates].sort((a, b) => b.score - a.score);
}

/** Strong evidence and a clear lead over the best candidate of another type. */
function confidenceOf(top: TypingCandidate, runnerUp: TypingCandidate | undefined): number {
  const strength = top.score / (top.score + HALF_STRENGTH);
  const margin = runnerUp ? Math.max(0, top.score - runnerUp.score) / top.score : 1;
  return round(strength * (0.5 + 0.5 * margin));
}

function decision(top: TypingCandidate, runnerUp: TypingCandidate | undefined): string {
  const kind = top.type === 'other' ? `${top.name}, not one of the audit's document types` : top.name;
  const next = runnerUp && runnerUp.score > 0 ? `; next: ${runnerUp.name} ${runnerUp.score}` : '';
  return `${kind} (score ${top.score}${next})`;
}

function byFileNameOnly(doc: ExtractedDocument): DocumentTyping {
  const why = doc.status === 'ok' || doc.status === 'mislabeled' ? 'no text found' : `document unreadable: ${doc.status}`;
  const fileName = fileNameWords(doc.name);
  const form = formNamedBy(fileName);
  const named = ranked(typeEvidence({ vocabulary: false, layout: new Map(), fileName })).find((c) => c.type !== 'other');
  const type = form?.type ?? named?.type;
  if (!type) return { type: 'other', confidence: UNSURE, signals: [`${why}, and the file name does not indicate a document type`] };
  return { type, confidence: FILE_NAME_ONLY, signals: [`classified from the file name only (${why}): looks like a ${form ? `form IMM ${form.number}` : named!.name}`] };
}

export function readDocumentType(doc: ExtractedDocument): DocumentTyping {
  const text = documentText(doc);
  if (!text) return byFileNameOnly(doc);
  const language = documentLanguage(text.raw);
  const layout = layoutCues(text.raw);
  const fileName = fileNameWords(doc.name);
  // A foreign certificate's title is looked for whatever the detected language: a short certificate in Portuguese or Spanish can be misread as French.
  const candidates = ranked([...formEvidence(text, layout, fileName), ...foreignTitleEvidence(text), ...typeEvidence({ text, vocabulary: language !== 'other', layout, fileName })]);
  const top = candidates[0];
  const unsupported = language === 'other' ? ['document in neither English nor French: typed by its form number, layout and certificate title only'] : [];
  if (!top || top.score < MIN_SCORE) {
    if (language === 'other') return { type: 'other', confidence: UNSUPPORTED, signals: ['unsupported language: neither English nor French, and no form number or layout settles the type'] };
    return { type: 'other', confidence: UNSURE, signals: ['no form number or characteristic content of a known document type'] };
  }
  const runnerUp = candidates.find((c) => c.type !== top.type);
  // Said, not acted on: another country's refusal is a refusal letter by type; the refusal-file logic reads this note's cause itself.
  const abroad = top.type === 'refusal-letter' && decidedByAnotherCountry(text.raw) ? ['decided by another country: no Canadian authority, Act or Regulations named'] : [];
  return { type: top.type, confidence: confidenceOf(top, runnerUp), signals: [decision(top, runnerUp), ...top.signals, ...abroad, ...unsupported] };
}
