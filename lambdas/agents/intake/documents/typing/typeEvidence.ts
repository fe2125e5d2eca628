/**
 * Evidence for each kind of document in the typing lexicons: its English and French vocabulary (a
 * hit in the title zone counts double; a self-titled kind's vocabulary in the body is usually a
 * mention, so it counts half there; what the document only quotes counts half again; evidence against
 * always counts in full), its layout, and, weakly,
 * the file name. Each signal counts once however often it occurs.
 */
import type { DocumentText } from './documentText';
import type { LayoutCue } from './layoutCues';
import { addEvidence, type TypingCandidate } from './typingCandidate';
import { TYPE_PROFILES, type TypeProfile } from './typingLexicon';
import { foldText } from './foldText';
import requirementCues from './lexicon/requirementCues.json';

const FILE_NAME_WEIGHT = 2;

export interface EvidenceSources {
  text?: DocumentText;
  /** False for a document in neither English nor French: the lexicons' words are not looked for. */
  vocabulary: boolean;
  layout: ReadonlyMap<LayoutCue, string>;
  fileName: string;
}

/** How far back in the sentence a requirement cue may stand ("must obtain a Quebec acceptance certificate"). */
const CUE_WINDOW = 60;
const escape = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REQUIREMENT = new RegExp(`(?<![\\p{L}])(?:${requirementCues.before.map(escape).join('|')})(?![\\p{L}])[^.;:!?]*$`, 'u');

/**
 * A self-titled kind's name asked for by the document ("students must obtain a CAQ") is what the
 * document requires, not what it is: the words before it in the same sentence say so. Checked on the
 * words before the hit, folded, whichever text the signal was matched on.
 */
function isRequirement(hay: string, at: number): boolean {
  return REQUIREMENT.test(foldText(hay.slice(Math.max(0, at - CUE_WINDOW), at)));
}

function vocabulary(profile: TypeProfile, text: DocumentText, candidate: TypingCandidate): void {
  for (const signal of profile.signals) {
    const hay = signal.caseSensitive ? text.cased : text.folded;
    const at = hay.search(signal.pattern);
    if (at < 0) continue;
    // Found only in what the document quotes: the quoting document's type is not shown by it.
    const quotedOnly = signal.weight > 0 && (signal.caseSensitive ? text.own.cased : text.own.folded).search(signal.pattern) < 0;
    const inSubject = (signal.caseSensitive ? text.subjects.cased : text.subjects.folded).some(([from, to]) => at >= from && at < to);
    const inTitle = !quotedOnly && !inSubject && at < (signal.caseSensitive ? text.titleEnd.cased : text.titleEnd.folded) && !(profile.selfTitled && isRequirement(hay, at));
    const body = signal.weight > 0 && (profile.selfTitled || quotedOnly) ? signal.weight / 2 : signal.weight;
    const weight = inTitle ? 2 * signal.weight : quotedOnly && profile.selfTitled ? signal.weight / 4 : body;
    addEvidence(candidate, weight, `${signal.label}${inTitle ? ' (title lines)' : quotedOnly ? ' (quoted only)' : ''}`);
  }
}

export function typeEvidence(sources: EvidenceSources): TypingCandidate[] {
  const candidates: TypingCandidate[] = [];
  for (const profile of TYPE_PROFILES) {
    const candidate: TypingCandidate = { kind: profile.kind, type: profile.type, name: profile.name, score: 0, signals: [] };
    if (sources.text && sources.vocabulary) vocabulary(profile, sources.text, candidate);
    if (sources.fileName.search(profile.fileName) >= 0) addEvidence(candidate, FILE_NAME_WEIGHT, 'file name');
    // Layout alone is evidence only for kinds the vocabulary or the file name already points to, or that the layout defines (a chat export, a passport's MRZ).
    for (const [cue, why] of sources.layout) {
      const weight = profile.layout[cue];
      if (weight && (candidate.score > 0 || weight >= 5)) addEvidence(candidate, weight, why);
    }
    if (candidate.signals.some((s) => !s.startsWith('against:'))) candidates.push(candidate);
  }
  return candidates;
}
