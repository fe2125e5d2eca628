/**
 * Evidence for each kind of document in the typing lexicons: its English and French vocabulary (a
 * hit in the title zone counts double; a self-titled kind's vocabulary in the body is usually a
 * mention, so it counts half there; evidence against always counts in full), its layout, and, weakly,
 * the file name. Each signal counts once however often it occurs.
 */
import type { DocumentText } from './documentText';
import type { LayoutCue } from './layoutCues';
import { addEvidence, type TypingCandidate } from './typingCandidate';
import { TYPE_PROFILES, type TypeProfile } from './typingLexicon';

const FILE_NAME_WEIGHT = 2;

export interface EvidenceSources {
  text?: DocumentText;
  /** False for a document in neither English nor French: the lexicons' words are not looked for. */
  vocabulary: boolean;
  layout: ReadonlyMap<LayoutCue, string>;
  fileName: string;
}

function vocabulary(profile: TypeProfile, text: DocumentText, candidate: TypingCandidate): void {
  for (const signal of profile.signals) {
    const hay = signal.caseSensitive ? text.cased : text.folded;
    const at = hay.search(signal.pattern);
    if (at < 0) continue;
    const inTitle = at < (signal.caseSensitive ? text.titleEnd.cased : text.titleEnd.folded);
    const weight = inTitle ? 2 * signal.weight : signal.weight > 0 && profile.selfTitled ? signal.weight / 2 : signal.weight;
    addEvidence(candidate, weight, `${signal.label}${inTitle ? ' (title lines)' : ''}`);
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
