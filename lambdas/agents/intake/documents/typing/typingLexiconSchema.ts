/**
 * The shapes of the typing lexicons (lexicon/*.json), checked when they are loaded so that a
 * lawyer's edit that breaks one fails at once with the file and field named.
 */
import * as z from 'zod';

const Phrases = z.array(z.string().min(1));

export const Signal = z.strictObject({
  /** Our own words for the evidence, shown in the document's typing reasons. */
  label: z.string().min(1),
  /** 5-6 the document names itself, 3-4 a characteristic phrase, 1-2 supporting vocabulary, negative: evidence against. */
  weight: z.number().int().min(-10).max(10),
  /** Matched on the original letter case (acronyms). */
  cs: z.boolean().optional(),
  phrases: Phrases.min(1),
});

const LayoutWeights = z.record(z.string(), z.number().int().min(-10).max(10));

export const TypeEvidence = z.strictObject({
  name: z.string().min(1).optional(),
  /** The document names itself in its title; elsewhere its vocabulary is usually a mention, so body hits count half. */
  selfTitled: z.boolean().optional(),
  /** Not one of the audit's document types (lambdas/contracts/documentTypes.ts): a rival that, when it wins, types the document `other`. */
  outsideAudit: z.boolean().optional(),
  fileName: Phrases.optional(),
  layout: LayoutWeights.optional(),
  signals: z.array(Signal),
});

export const TypesLexicon = z.record(z.string(), z.union([z.string(), TypeEvidence]));

export const FormsLexicon = z.strictObject({
  $comment: z.string(),
  forms: z.array(z.strictObject({ type: z.string(), number: z.string().regex(/^\d{4}$/), titles: Phrases })),
  /** Words just before a form number that make it a mention ("attachment to IMM 5257"), not the document's own number. */
  mentionedBy: Phrases,
  /** Words just after a form number that make it a mention ("IMM 5257 attachment"). */
  mentionedAfter: Phrases,
  /** Openings of a letter's subject line ("Re:", "Objet :"): a form's title there names the application the letter is about. */
  subjectLine: Phrases,
  /** Layout evidence for and against a document being a filled form. */
  layout: LayoutWeights,
});

export const LayoutCues = z.strictObject({
  $comment: z.string(),
  salutation: Phrases,
  closing: Phrases,
  emailHeader: Phrases,
});
export type TypeEvidence = z.infer<typeof TypeEvidence>;
export type Signal = z.infer<typeof Signal>;
