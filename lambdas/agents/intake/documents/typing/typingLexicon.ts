/**
 * The typing lexicons (lexicon/*.json), checked and compiled once: for each kind of document, its
 * English and French evidence as regular expressions over folded text (foldText.ts), its file-name
 * words and its layout weights; and the IRCC forms with their titles.
 */
import enJson from './lexicon/types.en.json';
import frJson from './lexicon/types.fr.json';
import formsJson from './lexicon/forms.json';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../contracts/documentTypes';
import { phrasePattern } from './phrasePattern';
import type { LayoutCue } from './layoutCues';
import { FormsLexicon, TypesLexicon, TypeEvidence, type Signal } from './typingLexiconSchema';

export interface CompiledSignal {
  label: string;
  weight: number;
  /** Matched on the text with its letter case (acronyms) rather than on the folded text. */
  caseSensitive: boolean;
  pattern: RegExp;
}

export interface TypeProfile {
  /** A document type, or a kind of document the audit does not list (typed `other` when it wins). */
  kind: string;
  type: DocumentType;
  name: string;
  selfTitled: boolean;
  signals: CompiledSignal[];
  fileName: RegExp;
  layout: Partial<Record<LayoutCue, number>>;
}

export interface FormProfile {
  type: DocumentType;
  number: string;
  title: RegExp;
}

function isDocumentType(kind: string): kind is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(kind);
}

function entries(json: unknown, file: string): Map<string, TypeEvidence> {
  const parsed = TypesLexicon.safeParse(json);
  if (!parsed.success) throw new Error(`typing lexicon ${file} is malformed: ${parsed.error.message}`);
  return new Map(Object.entries(parsed.data).filter((e): e is [string, TypeEvidence] => typeof e[1] !== 'string'));
}

/**
 * The English and French phrases of one piece of evidence ("refusal grounds" and "refusal grounds
 * (fr)") are one signal, so that a phrase both languages share ("216(1)") counts once.
 */
function mergedSignals(signals: readonly Signal[]): Signal[] {
  const byLabel = new Map<string, Signal>();
  for (const s of signals) {
    const label = s.label.replace(/ \(fr\)$/, '');
    const key = `${label}|${s.cs === true}|${Math.sign(s.weight)}`;
    const seen = byLabel.get(key);
    if (seen) seen.phrases = [...new Set([...seen.phrases, ...s.phrases])];
    else byLabel.set(key, { ...s, label, phrases: [...s.phrases] });
  }
  return [...byLabel.values()];
}

function compile(kind: string, en: TypeEvidence, fr: TypeEvidence | undefined): TypeProfile {
  if (!en.outsideAudit && !isDocumentType(kind)) throw new Error(`typing lexicon types.en.json: "${kind}" is not a document type; mark it outsideAudit or add it to DOCUMENT_TYPES`);
  const signals = mergedSignals([...en.signals, ...(fr?.signals ?? [])]).map((s) => ({
    label: s.label,
    weight: s.weight,
    caseSensitive: s.cs === true,
    pattern: phrasePattern(s.phrases, s.cs === true),
  }));
  return {
    kind,
    type: isDocumentType(kind) && !en.outsideAudit ? kind : 'other',
    name: en.name ?? kind,
    selfTitled: en.selfTitled === true,
    signals,
    fileName: phrasePattern([...(en.fileName ?? []), ...(fr?.fileName ?? [])]),
    layout: { ...(en.layout ?? {}), ...(fr?.layout ?? {}) },
  };
}

function profiles(): TypeProfile[] {
  const en = entries(enJson, 'types.en.json');
  const fr = entries(frJson, 'types.fr.json');
  for (const kind of fr.keys()) if (!en.has(kind)) throw new Error(`typing lexicon types.fr.json: "${kind}" has no entry in types.en.json (names and traits live there)`);
  return [...en].map(([kind, evidence]) => compile(kind, evidence, fr.get(kind)));
}

export const TYPE_PROFILES: readonly TypeProfile[] = profiles();

const forms = FormsLexicon.parse(formsJson);
export const FORM_PROFILES: readonly FormProfile[] = forms.forms.map((f) => {
  if (!isDocumentType(f.type)) throw new Error(`typing lexicon forms.json: "${f.type}" is not a document type`);
  return { type: f.type, number: f.number, title: phrasePattern(f.titles) };
});
/** Words that, just before a form number, make it a mention of that form (folded, at the end of the preceding text). */
export const FORM_MENTION = new RegExp(`(?<![\\p{L}])(?:${forms.mentionedBy.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?: (?:the|form|forms|le|la|l'|formulaire|formulaires))* ?$`, 'u');
/** Words that, just after a form number, make it a mention of that form (folded, at the start of the following text). */
export const FORM_MENTION_AFTER = new RegExp(`^\\)? ?(?:${forms.mentionedAfter.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'u');
/** A line that opens as a letter's subject line (folded). */
export const SUBJECT_LINE = new RegExp(`^(?:${forms.subjectLine.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'u');
export const FORM_LAYOUT: Partial<Record<LayoutCue, number>> = forms.layout;
