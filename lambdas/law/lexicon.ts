/**
 * The legal rules' lexicon (`lexicon.json`): the English and French words by which a fact already
 * read says what the rules need (a refusal's ground is misrepresentation; a school is in Quebec).
 */
import * as z from 'zod';
import raw from './lexicon.json';

const Patterns = z.array(z.string().min(1)).min(1);
const LawLexiconFile = z.strictObject({
  $comment: z.string().optional(),
  misrepresentationGround: Patterns,
  badFaithGround: Patterns,
  credibilityGround: Patterns,
  quebecPlace: Patterns,
  previousSpouseLanding: Patterns,
  noAppealGround: Patterns,
  caqNamed: Patterns,
  refusalWord: Patterns,
});
export type LawCue = Exclude<keyof z.infer<typeof LawLexiconFile>, '$comment'>;

const lexicon = LawLexiconFile.parse(raw);
const compiled = new Map<LawCue, RegExp>();

/** Whether `text` carries the cue (case-insensitive, any of its patterns). */
export function hasCue(cue: LawCue, text: string | undefined): boolean {
  if (!text) return false;
  let rx = compiled.get(cue);
  if (!rx) {
    rx = new RegExp(lexicon[cue].map((p) => `(?:${p})`).join('|'), 'iu');
    compiled.set(cue, rx);
  }
  return rx.test(text);
}
