/**
 * A second opinion on a document's type, from its title and opening words in English and French
 * (lexicons/documentTitles.json) and from what it says: used only where the classifier found
 * nothing, or named a refusal letter that refuses nothing (an invitation warning that an application
 * "may be refused"). Never overrides a form number or a confident type.
 */
import type { DocumentType } from '../../../contracts/intakeOutput';
import titles from './lexicons/documentTitles.json';
import { CUES, phrases } from './lexicon';

const TITLE_ZONE = 600;
const TITLES: ReadonlyArray<[DocumentType, RegExp]> = Object.entries(titles.titles).map(([type, list]) => [type as DocumentType, phrases(list)]);
/** A decision's own voice: addressed to the applicant ("your application is refused"), or the officer's ("I am not satisfied"). */
const REFUSES = phrases([
  "(?:your|the) (?:application|request|petition)[^.]{0,60} (?:is|has been) (?:hereby )?(?:refused|denied)",
  'i am refusing',
  'unable to approve',
  'refused under section',
  "(?:i am|i'm|the officer is) not satisfied",
  "votre demande[^.]{0,60} (?:est|a été) (?:refusée|rejetée)",
  'je refuse votre demande',
  'je ne suis pas convaincue?',
]);

export interface SecondOpinion {
  type: DocumentType;
  confidence: number;
  signal: string;
}

export function secondOpinionType(current: DocumentType, text: string): SecondOpinion | undefined {
  const head = text.slice(0, TITLE_ZONE);
  if (current === 'refusal-letter' && CUES.conditionalRefusal.test(text) && !REFUSES.test(text)) {
    return { type: 'other', confidence: 0.3, signal: 'only a warning that an application may be refused: not a refusal letter' };
  }
  if (current !== 'other') return undefined;
  if (REFUSES.test(text) && /(?:refus|decision|décision|officer|agent)/iu.test(text)) return { type: 'refusal-letter', confidence: 0.65, signal: 'a decision that refuses an application (by its words)' };
  for (const [type, pattern] of TITLES) {
    if (pattern.test(head)) return { type, confidence: 0.65, signal: `${type} (by its title or opening words)` };
  }
  return undefined;
}
