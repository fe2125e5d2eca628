/**
 * A civil-status certificate in a language the typing lexicons do not cover (a Spanish "acta de
 * matrimonio", an Arabic birth certificate) still names itself in its title, as a form names itself by
 * its number. That title, in the document's title lines only, is the one piece of vocabulary read in
 * such a document. Its weight keeps the typing below the confident range: the rest of the text is not
 * understood. The titles: lexicon/foreignTitles.json.
 */
import * as z from 'zod';
import type { DocumentType } from '../../../../contracts/documentTypes';
import { DocumentType as DocumentTypeSchema } from '../../../../contracts/documentTypes';
import type { DocumentText } from './documentText';
import { phrasePattern } from './phrasePattern';
import type { TypingCandidate } from './typingCandidate';
import titlesJson from './lexicon/foreignTitles.json';

const ForeignTitles = z.strictObject({
  $comment: z.string(),
  titles: z.array(z.strictObject({ type: DocumentTypeSchema, phrases: z.array(z.string().min(1)).min(1) })),
});

/** Above the typer's minimum score, and short of the confidence it gives to an understood document. */
const TITLE_WEIGHT = 8;

const TITLES: { type: DocumentType; pattern: RegExp }[] = ForeignTitles.parse(titlesJson).titles.map((t) => ({
  type: t.type,
  pattern: phrasePattern(t.phrases),
}));

export function foreignTitleEvidence(text: DocumentText): TypingCandidate[] {
  const titleZone = text.folded.slice(0, text.titleEnd.folded);
  return TITLES.filter((t) => titleZone.search(t.pattern) >= 0).map((t) => ({
    kind: `${t.type}-foreign-title`,
    type: t.type,
    name: `${t.type.replace(/-/g, ' ')} (titled in a language the lexicons do not cover)`,
    score: TITLE_WEIGHT,
    signals: ['the certificate names itself in its title lines (a language other than English or French)'],
  }));
}
